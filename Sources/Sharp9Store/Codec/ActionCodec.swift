import Foundation
import Sharp9Domain

/// The compact binary form of an ``Action`` stored in `events.action`: one tag byte, then the
/// case's fields (doubles as their exact 8-byte bit pattern, strings as a 32-bit length and UTF-8,
/// UUIDs as 16 bytes, booleans and modes as one byte).
///
/// Replay decodes about 10–20 bytes per event with no JSON and no allocation for most cases, which
/// is what makes a million events per second reachable. The JSON interchange stays the external
/// format (`import`, `export`, `record`).
///
/// Tags are part of the file format: never renumber or reuse one. A new `Action` case needs a new
/// tag here (the exhaustive switch makes the compiler ask for it). An unknown tag means the row
/// was written by a newer sharp9.
public enum ActionCodec {
  /// Why stored bytes are not an action this sharp9 can read.
  public enum DecodingError: StoreFailure, Equatable {
    /// The bytes end inside a field.
    case truncated
    /// The tag byte names no case this sharp9 knows.
    case unknownTag(UInt8)
    /// A field holds an impossible value.
    case invalidValue(String)
    /// Bytes remain after the case's last field.
    case trailingBytes

    /// ``StoreResultCode/corrupt``: a stored event cannot be read.
    public var resultCode: StoreResultCode { .corrupt }

    /// What is wrong with the bytes.
    public var description: String {
      switch self {
      case .truncated: "the encoded action is truncated"
      case .unknownTag(let tag): "unknown action tag \(tag) (written by a newer sharp9?)"
      case .invalidValue(let what): "invalid \(what)"
      case .trailingBytes: "extra bytes after the encoded action"
      }
    }
  }

  /// Appends the encoding of `action` to `writer`.
  static func encode(_ action: Action, into writer: inout ByteWriter) {
    switch action {
    case .onAppear: writer.write(UInt8(1))
    case .importPicked(let url):
      writer.write(UInt8(2))
      // The absolute string, not the interchange text: a file URL must come back as a file URL.
      writer.write(url.absoluteString)
    case .importSucceeded(let track):
      writer.write(UInt8(3))
      writer.write(track.name)
      writer.write(track.durationSec)
    case .importFailed(let message):
      writer.write(UInt8(4))
      writer.write(message)
    case .setMode(let mode):
      writer.write(UInt8(5))
      writer.write(modeByte(mode))
    case .tapWaveform(let time): write(6, time, into: &writer)
    case .dragScrub(let time): write(7, time, into: &writer)
    case .togglePlay: writer.write(UInt8(8))
    case .tick(let time): write(9, time, into: &writer)
    case .speedDelta(let delta): write(10, delta, into: &writer)
    case .pitchDelta(let delta): write(11, delta, into: &writer)
    case .addMarker(let time): write(12, time, into: &writer)
    case .deleteMarker(let id):
      writer.write(UInt8(13))
      writer.write(id)
    case .toggleLoopEnabled(let enabled):
      writer.write(UInt8(14))
      writer.write(enabled)
    case .setA(let time): write(15, time, into: &writer)
    case .setB(let time): write(16, time, into: &writer)
    case .clearToastIfExpired(let now):
      writer.write(UInt8(17))
      writer.write(now != nil)
      // The exact Double inside Date, so the decoded date is bit-identical.
      if let now { writer.write(now.timeIntervalSinceReferenceDate) }
    case .skip(let seconds): write(18, seconds, into: &writer)
    case .abCycle: writer.write(UInt8(19))
    case .cycleSpeed: writer.write(UInt8(20))
    case .markNow: writer.write(UInt8(21))
    case .setLocked(let locked):
      writer.write(UInt8(22))
      writer.write(locked)
    case .seekToStart: writer.write(UInt8(23))
    case .seekToEnd: writer.write(UInt8(24))
    case .undo: writer.write(UInt8(25))
    case .redo: writer.write(UInt8(26))
    case .setSpeed(let speed): write(27, speed, into: &writer)
    case .setPitch(let semitones): write(28, semitones, into: &writer)
    case .nudgeA(let seconds): write(29, seconds, into: &writer)
    case .nudgeB(let seconds): write(30, seconds, into: &writer)
    case .saveLoop(let name):
      writer.write(UInt8(31))
      writer.write(name)
    case .recallLoop(let number):
      writer.write(UInt8(32))
      writer.write(UInt64(bitPattern: Int64(number)))
    case .renameSavedLoop(let number, let name):
      writer.write(UInt8(33))
      writer.write(UInt64(bitPattern: Int64(number)))
      writer.write(name)
    case .deleteSavedLoop(let number):
      writer.write(UInt8(34))
      writer.write(UInt64(bitPattern: Int64(number)))
    case .savedLoopsRestored(let loops):
      writer.write(UInt8(35))
      writer.write(UInt64(loops.count))
      for loop in loops {
        writer.write(loop.name)
        writer.write(loop.aSec)
        writer.write(loop.bSec)
      }
    case .setLoopPasses(let passes):
      writer.write(UInt8(45))
      writer.write(passLimit: passes)
    case .setSpeedTrainer(let trainer):
      writer.write(UInt8(46))
      writer.write(trainer: trainer)
    case .loopPassesCompleted(let wallSec): write(47, wallSec, into: &writer)
    case .trainerStepped(let speed, let wallSec):
      write(48, speed, into: &writer)
      writer.write(wallSec)
    case .beatGridDetected(let grid):
      writer.write(UInt8(36))
      writer.write(grid)
    case .tapTempo: writer.write(UInt8(37))
    case .setTempo(let bpm): write(38, bpm, into: &writer)
    case .shiftGrid(let seconds): write(39, seconds, into: &writer)
    case .setMetronome(let enabled, let level):
      writer.write(UInt8(40))
      writer.write(enabled)
      writer.write(level)
    case .setCountIn(let beats, let everyPass):
      writer.write(UInt8(41))
      writer.write(UInt64(bitPattern: Int64(beats)))
      writer.write(everyPass)
    case .nudgeABeats(let beats):
      writer.write(UInt8(42))
      writer.write(UInt64(bitPattern: Int64(beats)))
    case .nudgeBBeats(let beats):
      writer.write(UInt8(43))
      writer.write(UInt64(bitPattern: Int64(beats)))
    case .setSnap(let snap):
      writer.write(UInt8(44))
      writer.write(snapByte(snap))
    case .setRecordingArmed(let armed):
      writer.write(UInt8(52))
      writer.write(armed)
    case .takeRecorded(let take):
      // 53: a take logged before its speed and pitch were (kept byte for byte); 66: with them;
      // 67: with them and the changes made while it was recorded.
      let tag: UInt8 = !take.playedAtChanges.isEmpty ? 67 : take.playedAt == nil ? 53 : 66
      writer.write(tag)
      writer.write(take)
      if tag != 53 { writer.write(playedAt: take.playedAt) }
      if tag == 67 { writer.write(playedAtChanges: take.playedAtChanges) }
    case .deleteTake(let id):
      writer.write(UInt8(54))
      writer.write(id)
    case .listenToTake(let id):
      writer.write(UInt8(63))
      writer.write(id)
    case .listenToSong: writer.write(UInt8(64))
    case .setTakeBalance(let balance): write(65, balance, into: &writer)
    case .nameSection(let time, let name):
      write(49, time, into: &writer)
      writer.write(name)
    case .sectionsRestored(let sections):
      writer.write(UInt8(50))
      writer.write(UInt64(sections.count))
      for section in sections {
        writer.write(section.name)
        writer.write(section.timeSec)
      }
    case .loopSection(let number):
      writer.write(UInt8(51))
      writer.write(UInt64(bitPattern: Int64(number)))
    case .overviewTapped(let time): write(61, time, into: &writer)
    case .playedToEnd(let wallSec): write(62, wallSec, into: &writer)
    case .songSettingsRestored(let settings):
      writer.write(UInt8(60))
      writer.write(settings.speed)
      writer.write(settings.pitchSemitones)
      writer.write(UInt64(settings.markers.count))
      for time in settings.markers { writer.write(time) }
    }
  }

  /// The encoding of `action` as a new byte array (tests and one-off callers).
  public static func encode(_ action: Action) -> [UInt8] {
    var writer = ByteWriter()
    encode(action, into: &writer)
    return writer.bytes
  }

  /// Decodes one action from exactly `bytes`.
  public static func decode(_ bytes: UnsafeRawBufferPointer) throws(DecodingError) -> Action {
    var reader = ByteReader(bytes)
    let action = try decodeFields(&reader)
    guard reader.isAtEnd else { throw .trailingBytes }
    return action
  }

  /// Decodes one action from a byte array.
  public static func decode(_ bytes: [UInt8]) throws(DecodingError) -> Action {
    let result = bytes.withUnsafeBytes { raw in
      Result { () throws(DecodingError) in try decode(raw) }
    }
    return try result.get()
  }

  private static func decodeFields(_ reader: inout ByteReader) throws(DecodingError) -> Action {
    switch try reader.byte() {
    case 1: return .onAppear
    case 2:
      let text = try reader.string()
      guard let url = URL(string: text) else { throw .invalidValue("URL") }
      return .importPicked(url: url)
    case 3:
      let name = try reader.string()
      return .importSucceeded(track: TrackMeta(name: name, durationSec: try reader.double()))
    case 4: return .importFailed(message: try reader.string())
    case 5: return .setMode(try mode(reader.byte()))
    case 6: return .tapWaveform(timeSec: try reader.double())
    case 7: return .dragScrub(timeSec: try reader.double())
    case 8: return .togglePlay
    case 9: return .tick(currentTimeSec: try reader.double())
    case 10: return .speedDelta(try reader.double())
    case 11: return .pitchDelta(try reader.double())
    case 12: return .addMarker(timeSec: try reader.double())
    case 13: return .deleteMarker(id: try reader.uuid())
    case 14: return .toggleLoopEnabled(try reader.bool())
    case 15: return .setA(timeSec: try reader.double())
    case 16: return .setB(timeSec: try reader.double())
    case 17:
      guard try reader.bool() else { return .clearToastIfExpired(now: nil) }
      return .clearToastIfExpired(now: Date(timeIntervalSinceReferenceDate: try reader.double()))
    case 18: return .skip(seconds: try reader.double())
    case 19: return .abCycle
    case 20: return .cycleSpeed
    case 21: return .markNow
    case 22: return .setLocked(try reader.bool())
    case 23: return .seekToStart
    case 24: return .seekToEnd
    case 25: return .undo
    case 26: return .redo
    case 27: return .setSpeed(try reader.double())
    case 28: return .setPitch(semitones: try reader.double())
    case 29: return .nudgeA(seconds: try reader.double())
    case 30: return .nudgeB(seconds: try reader.double())
    case 31: return .saveLoop(name: try reader.string())
    case 32: return .recallLoop(number: try loopNumber(&reader))
    case 33:
      let number = try loopNumber(&reader)
      return .renameSavedLoop(number: number, name: try reader.string())
    case 34: return .deleteSavedLoop(number: try loopNumber(&reader))
    case 35:
      let count = try reader.uint64()
      // Each loop takes at least 20 bytes: a count beyond the bytes left is damage.
      guard count <= UInt64(reader.remaining / 20) else { throw .invalidValue("loop count") }
      var loops: [SavedLoop] = []
      for _ in 0..<count {
        loops.append(
          SavedLoop(name: try reader.string(), aSec: try reader.double(), bSec: try reader.double())
        )
      }
      return .savedLoopsRestored(loops)
    case 45: return .setLoopPasses(try reader.passLimit())
    case 46: return .setSpeedTrainer(try reader.trainer())
    case 47: return .loopPassesCompleted(wallSec: try reader.double())
    case 48: return .trainerStepped(speed: try reader.double(), wallSec: try reader.double())
    case 36: return .beatGridDetected(try reader.beatGrid())
    case 37: return .tapTempo
    case 38: return .setTempo(bpm: try reader.double())
    case 39: return .shiftGrid(seconds: try reader.double())
    case 40: return .setMetronome(enabled: try reader.bool(), level: try reader.double())
    case 41: return .setCountIn(beats: try loopNumber(&reader), everyPass: try reader.bool())
    case 42: return .nudgeABeats(try loopNumber(&reader))
    case 43: return .nudgeBBeats(try loopNumber(&reader))
    case 44: return .setSnap(try snap(reader.byte()))
    case 52: return .setRecordingArmed(try reader.bool())
    case 53: return .takeRecorded(try reader.takeRecording())
    case 66:
      var take = try reader.takeRecording()
      take.playedAt = try reader.playedAt()
      return .takeRecorded(take)
    case 67:
      var take = try reader.takeRecording()
      take.playedAt = try reader.playedAt()
      take.playedAtChanges = try reader.playedAtChanges()
      return .takeRecorded(take)
    case 54: return .deleteTake(id: try reader.uuid())
    case 63: return .listenToTake(id: try reader.uuid())
    case 64: return .listenToSong
    case 65: return .setTakeBalance(try reader.double())
    case 49: return .nameSection(timeSec: try reader.double(), name: try reader.string())
    case 50:
      let count = try reader.uint64()
      // Each section takes at least 12 bytes: a count beyond the bytes left is damage.
      guard count <= UInt64(reader.remaining / 12) else { throw .invalidValue("section count") }
      var sections: [SongSection] = []
      for _ in 0..<count {
        sections.append(SongSection(name: try reader.string(), timeSec: try reader.double()))
      }
      return .sectionsRestored(sections)
    case 51: return .loopSection(number: try loopNumber(&reader))
    case 61: return .overviewTapped(timeSec: try reader.double())
    case 62: return .playedToEnd(wallSec: try reader.double())
    case 60:
      let speed = try reader.double()
      let pitch = try reader.double()
      let count = try reader.uint64()
      // Each marker takes 8 bytes: a count beyond the bytes left is damage.
      guard count <= UInt64(reader.remaining / 8) else { throw .invalidValue("marker count") }
      var markers: [Double] = []
      for _ in 0..<count { markers.append(try reader.double()) }
      return .songSettingsRestored(
        SongSettings(markers: markers, speed: speed, pitchSemitones: pitch))
    case let tag: throw .unknownTag(tag)
    }
  }

  /// A saved loop's number (or a count of beats): any 64-bit value is stored as it was sent
  /// (the reducer refuses numbers out of range), but it must fit an `Int`.
  private static func loopNumber(_ reader: inout ByteReader) throws(DecodingError) -> Int {
    guard let number = Int(exactly: Int64(bitPattern: try reader.uint64())) else {
      throw .invalidValue("loop number")
    }
    return number
  }

  private static func write(_ tag: UInt8, _ value: Double, into writer: inout ByteWriter) {
    writer.write(tag)
    writer.write(value)
  }

  /// The byte of a ``Mode`` (shared with the binary state snapshot: also part of the format).
  static func modeByte(_ mode: Mode) -> UInt8 {
    switch mode {
    case .marker: 0
    case .setA: 1
    case .loop: 2
    case .setB: 3
    }
  }

  /// The byte of a ``SnapMode`` (shared with the binary state snapshot).
  static func snapByte(_ snap: SnapMode) -> UInt8 {
    switch snap {
    case .off: 0
    case .beats: 1
    case .bars: 2
    }
  }

  /// The ``SnapMode`` of a byte written by ``snapByte(_:)``.
  static func snap(_ byte: UInt8) throws(DecodingError) -> SnapMode {
    switch byte {
    case 0: .off
    case 1: .beats
    case 2: .bars
    default: throw .invalidValue("snap byte \(byte)")
    }
  }

  /// The ``Mode`` of a byte written by ``modeByte(_:)``.
  static func mode(_ byte: UInt8) throws(DecodingError) -> Mode {
    switch byte {
    case 0: .marker
    case 1: .setA
    case 2: .loop
    case 3: .setB
    default: throw .invalidValue("mode byte \(byte)")
    }
  }
}
