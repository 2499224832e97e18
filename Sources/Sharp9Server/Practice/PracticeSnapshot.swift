import Foundation
import Sharp9App
import Sharp9Domain
import Sharp9Words

/// What the practice page shows, as one JSON object sent over `GET /api/app/live`: the session's
/// state as the reducer left it, the device's playhead and meters, and the values already in the
/// words the page prints (the page computes no rule of the domain).
struct PracticeSnapshot: Encodable, Sendable {
  /// The session's id, or nil before a song is opened.
  var session: String?
  /// The track, once loaded.
  var track: TrackMeta?
  /// Where the playhead is (the engine's last report), in source seconds.
  var playheadSec: Double
  /// `MM:SS.xx` of the playhead.
  var playheadText: String
  var isPlaying: Bool
  /// How the playhead moves on from `playheadSec` until the next state, for the page to draw it
  /// every animation frame; nil while it stands still (paused, counting in, no song).
  var motion: PlayheadMotion? = nil
  /// `marker`, `setA`, `loop`, `setB`.
  var mode: String
  var loop: LoopPoints
  var markers: [Marker]
  /// `1.00 x`.
  var speedText: String
  /// `0.00 st`.
  var pitchText: String
  /// The toast's text, while it shows.
  var toast: String?
  var isLocked: Bool
  /// What undo and redo would undo and redo (nil: nothing).
  var undoLabel: String?
  var redoLabel: String?
  var meters: Meters
  /// The device line (`device NAME (5.8 ms)`, or no device).
  var device: String
  var underruns: Int
  var lateCommands: Int
  /// The practice line: `tempo 120.0 BPM · metronome on 50 % · count-in 4 · passes 1 of 4 ·
  /// trainer 0.60 x → 1.00 x, +0.05 every 2` (the terminal player's words).
  var practiceText: String = ""
  /// Whether the metronome, the speed trainer and a pass limit are on (the buttons' states).
  var metronomeOn = false
  var trainerOn = false
  var passLimit: Int? = nil
  /// Beats counted in before playback (0: none).
  var countInBeats = 0
  /// Why the last session stopped on its own (an error), until a song is opened again.
  var problem: String? = nil
  /// The keyboard strip: the piano keys (MIDI numbers) sounding at the playhead, after the
  /// transposition.
  var soundingNotes: [Int] = []
  /// A song opened again: its last session, offered to continue (nil: no question open).
  var offer: Offer? = nil
  /// The session's takes, in the order recorded, for the take list.
  var takes: [TakeRow] = []
  /// The balance between the song and the take heard (−1 the song alone … 1 the take alone).
  var takeBalance = 0.0
  /// The record button, its line and the input's meters.
  var recording = Recording()

  /// Recording yourself, as the terminal player shows it.
  struct Recording: Encodable, Sendable {
    /// Whether recording is armed (the record button is pressed).
    var armed = false
    /// Whether a take is being written now (armed, and the song plays).
    var taking = false
    /// The player's recording line (`● rec`, `rec armed`, why arming did nothing, a take
    /// lost), or nil.
    var line: String? = nil
    /// The input's meters while armed with an input to record from (nil: not shown).
    var inputMeters: Meters? = nil
  }

  /// One take in the page's list: its id (what the actions name), its words, whether it is heard.
  struct TakeRow: Encodable, Sendable {
    var id: UUID
    /// `Take 3 · pass 3 · 4.2 s`.
    var label: String
    var heard: Bool
  }

  /// The question the page asks when a song with sessions is opened: continue the latest, or
  /// start a new one that begins where it left the song.
  struct Offer: Encodable, Sendable {
    /// The session's id.
    var session: String
    /// The song's name.
    var song: String
    /// When the session started (ISO 8601, UTC).
    var startedAt: String
    /// How many events it holds.
    var events: Int64
  }

  /// Both channels' meters, in dBFS.
  struct Meters: Encodable, Sendable {
    var left: Channel
    var right: Channel
  }

  /// One channel's meter.
  struct Channel: Encodable, Sendable {
    var levelDB: Double
    var holdDB: Double
    var clipping: Bool
  }
}

extension PracticeSnapshot {
  /// Before any song is opened.
  static func empty(device: String) -> PracticeSnapshot {
    let floor = Channel(levelDB: LevelMeter.floorDB, holdDB: LevelMeter.floorDB, clipping: false)
    let state = State()
    return PracticeSnapshot(
      session: nil, track: nil, playheadSec: 0, playheadText: formatTime(0),
      isPlaying: false, mode: state.mode.rawValue, loop: state.loop, markers: [],
      speedText: formatSpeed(state.transport.speed),
      pitchText: formatPitch(state.transport.pitchSemitones), toast: nil, isLocked: false,
      undoLabel: nil, redoLabel: nil, meters: Meters(left: floor, right: floor), device: device,
      underruns: 0, lateCommands: 0)
  }

  /// What `live` shows now.
  init(live: LiveSession, device: String) {
    let state = live.core.state
    let last = live.last
    let now = live.nowSec
    func channel(_ meter: LevelMeter) -> Channel {
      Channel(levelDB: meter.levelDB, holdDB: meter.holdDB, clipping: meter.isClipping(atSec: now))
    }
    self.init(
      session: live.core.session?.idString, track: state.track,
      playheadSec: last.positionSec, playheadText: formatTime(last.positionSec),
      isPlaying: last.isPlaying, mode: state.mode.rawValue, loop: state.loop,
      markers: state.markers.elements, speedText: formatSpeed(state.transport.speed),
      pitchText: formatPitch(state.transport.pitchSemitones), toast: state.toast?.message,
      isLocked: state.isLocked, undoLabel: state.history.undo.last?.label,
      redoLabel: state.history.redo.last?.label,
      meters: Meters(left: channel(live.meters.left), right: channel(live.meters.right)),
      device: device, underruns: last.underruns, lateCommands: last.lateCommands,
      practiceText: Self.practiceText(state, completedPasses: last.loopPractice.completedPasses),
      metronomeOn: state.rhythm.clicks.metronomeOn, trainerOn: state.loopPractice.trainer != nil,
      passLimit: state.loopPractice.passLimit, countInBeats: state.rhythm.clicks.countInBeats)
    motion = live.playheadMotion
    let recording = state.recording
    takes = recording.takes.enumerated().map { index, take in
      TakeRow(
        id: take.id,
        label: PracticeStatusText.takeLabel(take, number: index + 1, sampleRate: live.rate),
        heard: take.id == recording.listening.takeID)
    }
    takeBalance = recording.listening.balance
    self.recording = Recording(
      armed: recording.isArmed, taking: live.isTaking, line: live.recordingLine,
      inputMeters: live.showsInputMeters
        ? Meters(left: channel(live.inputMeters.left), right: channel(live.inputMeters.right))
        : nil)
  }
}

extension PracticeSnapshot {
  /// The practice line's words, as the terminal player says them.
  static func practiceText(_ state: State, completedPasses: Int) -> String {
    let clicks = state.rhythm.clicks
    return
      ([
        "tempo " + PracticeStatusText.tempo(state),
        "metronome " + PracticeStatusText.metronome(clicks),
        "count-in " + PracticeStatusText.countIn(clicks),
      ]
      + [
        PracticeStatusText.loopPractice(state.loopPractice, completedPasses: completedPasses),
        PracticeStatusText.listening(state.recording),
      ]
      .compactMap { $0 }).joined(separator: " · ")
  }
}
