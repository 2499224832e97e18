import Foundation

/// The keys of one JSON object that ``StateJSONWriter`` writes, declared in the order the model's
/// `encode(to:)` writes them (the interchange order, what `OrderedJSONEncoder` produces).
///
/// ``sorted`` is the same keys in UTF-8 byte order, the order of the canonical (hashed) form.
/// Both lists are computed once per key type.
protocol StateJSONKey: RawRepresentable<String>, CaseIterable {
  /// The keys in declaration order.
  static var declared: [Self] { get }
  /// The keys in UTF-8 byte order.
  static var sorted: [Self] { get }
}

extension StateJSONKey {
  /// `allCases` in the canonical key order (by UTF-8 bytes).
  static func sortedByUTF8() -> [Self] {
    allCases.sorted { JSONText.keyPrecedes($0.rawValue, $1.rawValue) }
  }
}

/// ``State``'s keys.
enum StateKey: String, StateJSONKey {
  case track, transport, loop, mode, markers, viewport, isLoading, toast, isLocked, lastMarkNowAt
  case history, savedLoops, loopPractice, rhythm, recording
  static let declared = Array(allCases)
  static let sorted = sortedByUTF8()
}

/// ``Recording``'s keys.
enum RecordingKey: String, StateJSONKey {
  case isArmed, takes, listening
  static let declared = Array(allCases)
  static let sorted = sortedByUTF8()
}

/// ``TakeListening``'s keys.
enum TakeListeningKey: String, StateJSONKey {
  case takeID, balance
  static let declared = Array(allCases)
  static let sorted = sortedByUTF8()
}

/// ``Take``'s keys.
enum TakeKey: String, StateJSONKey {
  case id, recording
  static let declared = Array(allCases)
  static let sorted = sortedByUTF8()
}

/// ``TakeRecording``'s keys.
enum TakeRecordingKey: String, StateJSONKey {
  case startFrame, endFrame, pass, input, sha256, dropouts, latencyFrames, speed, pitchSemitones
  case playedAtChanges
  static let declared = Array(allCases)
  static let sorted = sortedByUTF8()
}

/// ``PlayedAtChange``'s keys.
enum PlayedAtChangeKey: String, StateJSONKey {
  case frame, speed, pitchSemitones
  static let declared = Array(allCases)
  static let sorted = sortedByUTF8()
}

/// ``LoopPractice``'s keys.
enum LoopPracticeKey: String, StateJSONKey {
  case passLimit, trainer
  static let declared = Array(allCases)
  static let sorted = sortedByUTF8()
}

/// ``SpeedTrainer``'s keys.
enum SpeedTrainerKey: String, StateJSONKey {
  case startSpeed, step, everyPasses, targetSpeed, onStop
  static let declared = Array(allCases)
  static let sorted = sortedByUTF8()
}

/// ``SavedLoop``'s keys.
enum SavedLoopKey: String, StateJSONKey {
  case name, aSec, bSec
  static let declared = Array(allCases)
  static let sorted = sortedByUTF8()
}

/// ``TrackMeta``'s keys.
enum TrackKey: String, StateJSONKey {
  case name, durationSec
  static let declared = Array(allCases)
  static let sorted = sortedByUTF8()
}

/// ``Transport``'s keys.
enum TransportKey: String, StateJSONKey {
  case isPlaying, currentTimeSec, speed, pitchSemitones
  static let declared = Array(allCases)
  static let sorted = sortedByUTF8()
}

/// ``LoopPoints``' keys.
enum LoopKey: String, StateJSONKey {
  case aSec, bSec, enabled
  static let declared = Array(allCases)
  static let sorted = sortedByUTF8()
}

/// ``Marker``'s keys.
enum MarkerKey: String, StateJSONKey {
  case id, timeSec, name
  static let declared = Array(allCases)
  static let sorted = sortedByUTF8()
}

/// ``Viewport``'s keys.
enum ViewportKey: String, StateJSONKey {
  case startSec, endSec
  static let declared = Array(allCases)
  static let sorted = sortedByUTF8()
}

/// ``ToastState``'s keys.
enum ToastKey: String, StateJSONKey {
  case message, expiresAt
  static let declared = Array(allCases)
  static let sorted = sortedByUTF8()
}

/// ``EditHistory``'s keys.
enum HistoryKey: String, StateJSONKey {
  case undo, redo
  static let declared = Array(allCases)
  static let sorted = sortedByUTF8()
}

/// ``EditStep``'s keys.
enum StepKey: String, StateJSONKey {
  case label, loop, speed, pitch, markersAdded, markersRemoved, savedLoops, grid
  static let declared = Array(allCases)
  static let sorted = sortedByUTF8()
}

/// ``MarkerEdit``'s keys.
enum MarkerEditKey: String, StateJSONKey {
  case marker, index
  static let declared = Array(allCases)
  static let sorted = sortedByUTF8()
}

/// ``ValueChange``'s keys.
enum ChangeKey: String, StateJSONKey {
  case before, after
  static let declared = Array(allCases)
  static let sorted = sortedByUTF8()
}

/// ``Rhythm``'s keys.
enum RhythmKey: String, StateJSONKey {
  case detected, edit, taps, clicks, snap
  static let declared = Array(allCases)
  static let sorted = sortedByUTF8()
}

/// ``BeatGrid``'s keys.
enum GridKey: String, StateJSONKey {
  case tempo, beats, downbeats
  static let declared = Array(allCases)
  static let sorted = sortedByUTF8()
}

/// ``Clicks``' keys.
enum ClicksKey: String, StateJSONKey {
  case metronomeOn, level, countInBeats, countInEveryPass
  static let declared = Array(allCases)
  static let sorted = sortedByUTF8()
}

/// ``GridEdit``'s keys.
enum GridEditKey: String, StateJSONKey {
  case tempo, anchorSec, shiftSec
  static let declared = Array(allCases)
  static let sorted = sortedByUTF8()
}
