import Foundation

/// The JSON interchange form of an ``Action``: `{"type":"<case>", <fields>}`.
///
/// Numbers must be finite; the URL of `importPicked` is written as a path for file URLs (and for
/// relative paths, which stay relative) and as the absolute string otherwise.
extension Action: Codable {
  /// The `type` tag of every case, in declaration order.
  public enum Kind: String, Sendable, CaseIterable, Codable {
    case onAppear, importPicked, importSucceeded, importFailed, setMode, tapWaveform, dragScrub
    case togglePlay, tick, speedDelta, pitchDelta, addMarker, deleteMarker, toggleLoopEnabled
    case setA, setB, clearToastIfExpired, skip, abCycle, cycleSpeed, markNow, setLocked
    case seekToStart, seekToEnd, undo, redo, setSpeed, setPitch, nudgeA, nudgeB
    case saveLoop, recallLoop, renameSavedLoop, deleteSavedLoop, savedLoopsRestored
    case setLoopPasses, setSpeedTrainer, loopPassesCompleted, trainerStepped
    case beatGridDetected, tapTempo, setTempo, shiftGrid, setMetronome, setCountIn, nudgeABeats
    case nudgeBBeats, setSnap, nameSection, sectionsRestored, loopSection, songSettingsRestored
    case overviewTapped, setRecordingArmed, takeRecorded, deleteTake, listenToTake, listenToSong
    case setTakeBalance, playedToEnd

    /// The JSON fields of this kind besides `type`, in the order they are written. Script lines
    /// with any other field are rejected, so a misspelt field name never passes silently.
    public var fieldNames: [String] {
      switch self {
      case .onAppear, .togglePlay, .abCycle, .cycleSpeed, .markNow, .seekToStart, .seekToEnd,
        .undo, .redo, .tapTempo, .listenToSong:
        []
      case .importPicked: ["url"]
      case .importSucceeded: ["track"]
      case .importFailed: ["message"]
      case .setMode: ["mode"]
      case .tapWaveform, .dragScrub, .addMarker, .setA, .setB, .overviewTapped: ["timeSec"]
      case .tick: ["currentTimeSec"]
      case .speedDelta, .pitchDelta: ["delta"]
      case .deleteMarker, .deleteTake, .listenToTake: ["id"]
      case .toggleLoopEnabled: ["enabled"]
      case .clearToastIfExpired: ["now"]
      case .skip, .nudgeA, .nudgeB: ["seconds"]
      case .setLocked: ["locked"]
      case .setSpeed: ["speed"]
      case .setPitch: ["semitones"]
      case .saveLoop: ["name"]
      case .recallLoop, .deleteSavedLoop: ["number"]
      case .renameSavedLoop: ["number", "name"]
      case .savedLoopsRestored: ["loops"]
      case .setLoopPasses: ["passes"]
      case .setSpeedTrainer: ["trainer"]
      case .loopPassesCompleted, .playedToEnd: ["wallSec"]
      case .trainerStepped: ["speed", "wallSec"]
      case .beatGridDetected: ["grid"]
      case .setTempo: ["bpm"]
      case .shiftGrid: ["seconds"]
      case .setMetronome: ["enabled", "level"]
      case .setCountIn: ["beats", "everyPass"]
      case .nudgeABeats, .nudgeBBeats: ["beats"]
      case .setSnap: ["snap"]
      case .setRecordingArmed: ["armed"]
      case .takeRecorded: ["take"]
      case .setTakeBalance: ["balance"]
      case .nameSection: ["timeSec", "name"]
      case .sectionsRestored: ["sections"]
      case .loopSection: ["number"]
      case .songSettingsRestored: ["settings"]
      }
    }
  }

  private enum Field: String, CodingKey {
    case type, url, track, message, mode, timeSec, currentTimeSec, delta, id, enabled, now
    case seconds, locked, speed, semitones, name, number, loops, passes, trainer, wallSec
    case grid, bpm, level, beats, everyPass, snap, sections, settings, armed, take, balance
  }

  /// The case's `type` tag.
  public var kind: Kind {
    switch self {
    case .onAppear: .onAppear
    case .importPicked: .importPicked
    case .importSucceeded: .importSucceeded
    case .importFailed: .importFailed
    case .setMode: .setMode
    case .tapWaveform: .tapWaveform
    case .dragScrub: .dragScrub
    case .togglePlay: .togglePlay
    case .tick: .tick
    case .speedDelta: .speedDelta
    case .pitchDelta: .pitchDelta
    case .addMarker: .addMarker
    case .deleteMarker: .deleteMarker
    case .toggleLoopEnabled: .toggleLoopEnabled
    case .setA: .setA
    case .setB: .setB
    case .clearToastIfExpired: .clearToastIfExpired
    case .skip: .skip
    case .abCycle: .abCycle
    case .cycleSpeed: .cycleSpeed
    case .markNow: .markNow
    case .setLocked: .setLocked
    case .seekToStart: .seekToStart
    case .seekToEnd: .seekToEnd
    case .undo: .undo
    case .redo: .redo
    case .setSpeed: .setSpeed
    case .setPitch: .setPitch
    case .nudgeA: .nudgeA
    case .nudgeB: .nudgeB
    case .saveLoop: .saveLoop
    case .recallLoop: .recallLoop
    case .renameSavedLoop: .renameSavedLoop
    case .deleteSavedLoop: .deleteSavedLoop
    case .savedLoopsRestored: .savedLoopsRestored
    case .setLoopPasses: .setLoopPasses
    case .setSpeedTrainer: .setSpeedTrainer
    case .loopPassesCompleted: .loopPassesCompleted
    case .trainerStepped: .trainerStepped
    case .beatGridDetected: .beatGridDetected
    case .tapTempo: .tapTempo
    case .setTempo: .setTempo
    case .shiftGrid: .shiftGrid
    case .setMetronome: .setMetronome
    case .setCountIn: .setCountIn
    case .nudgeABeats: .nudgeABeats
    case .nudgeBBeats: .nudgeBBeats
    case .setSnap: .setSnap
    case .setRecordingArmed: .setRecordingArmed
    case .takeRecorded: .takeRecorded
    case .deleteTake: .deleteTake
    case .listenToTake: .listenToTake
    case .listenToSong: .listenToSong
    case .setTakeBalance: .setTakeBalance
    case .nameSection: .nameSection
    case .sectionsRestored: .sectionsRestored
    case .loopSection: .loopSection
    case .songSettingsRestored: .songSettingsRestored
    case .overviewTapped: .overviewTapped
    case .playedToEnd: .playedToEnd
    }
  }

  /// A field value the script parser's fast front reads without building JSON.
  enum PlainField {
    case number(Double)
    case bool(Bool)
    case text(String)
  }

  /// The action of `kind` whose one field (`nil`: none given) is a plain value: a finite
  /// number, a boolean or a mode. `nil` for kinds whose fields are not plain (URLs, tracks, free
  /// text, ids, dates: the full decoder reads those) and for a missing, extra or mistyped field,
  /// so the decoder names the problem. The fast front of the script parser builds actions
  /// through this, next to the decoder, so a new kind is added in this file only.
  init?(kind: Kind, plain field: PlainField?) {
    var number: Double? { if case .number(let value)? = field { value } else { nil } }
    var bool: Bool? { if case .bool(let value)? = field { value } else { nil } }
    let none = field == nil
    let action: Action? =
      switch kind {
      case .onAppear: none ? .onAppear : nil
      case .togglePlay: none ? .togglePlay : nil
      case .abCycle: none ? .abCycle : nil
      case .cycleSpeed: none ? .cycleSpeed : nil
      case .markNow: none ? .markNow : nil
      case .seekToStart: none ? .seekToStart : nil
      case .seekToEnd: none ? .seekToEnd : nil
      case .undo: none ? .undo : nil
      case .redo: none ? .redo : nil
      case .tapTempo: none ? .tapTempo : nil
      case .listenToSong: none ? .listenToSong : nil
      case .setTakeBalance: number.map { .setTakeBalance($0) }
      case .setTempo: number.map { .setTempo(bpm: $0) }
      case .shiftGrid: number.map { .shiftGrid(seconds: $0) }
      case .setSnap:
        if case .text(let text)? = field {
          SnapMode(rawValue: text).map { .setSnap($0) }
        } else {
          nil
        }
      // `now` is optional and a date: only its absence is plain.
      case .clearToastIfExpired: none ? .clearToastIfExpired(now: nil) : nil
      case .tapWaveform: number.map { .tapWaveform(timeSec: $0) }
      case .dragScrub: number.map { .dragScrub(timeSec: $0) }
      case .overviewTapped: number.map { .overviewTapped(timeSec: $0) }
      case .addMarker: number.map { .addMarker(timeSec: $0) }
      case .setA: number.map { .setA(timeSec: $0) }
      case .setB: number.map { .setB(timeSec: $0) }
      case .tick: number.map { .tick(currentTimeSec: $0) }
      case .speedDelta: number.map { .speedDelta($0) }
      case .pitchDelta: number.map { .pitchDelta($0) }
      case .skip: number.map { .skip(seconds: $0) }
      case .setSpeed: number.map { .setSpeed($0) }
      case .setPitch: number.map { .setPitch(semitones: $0) }
      case .nudgeA: number.map { .nudgeA(seconds: $0) }
      case .nudgeB: number.map { .nudgeB(seconds: $0) }
      case .setLoopPasses: number.flatMap { Int(exactly: $0) }.map { .setLoopPasses($0) }
      case .loopPassesCompleted: number.map { .loopPassesCompleted(wallSec: $0) }
      case .playedToEnd: number.map { .playedToEnd(wallSec: $0) }
      case .toggleLoopEnabled: bool.map { .toggleLoopEnabled($0) }
      case .setLocked: bool.map { .setLocked($0) }
      case .setRecordingArmed: bool.map { .setRecordingArmed($0) }
      case .setMode:
        if case .text(let text)? = field { Mode(rawValue: text).map { .setMode($0) } } else { nil }
      case .importPicked, .importSucceeded, .importFailed, .deleteMarker, .saveLoop, .recallLoop,
        .renameSavedLoop, .deleteSavedLoop, .savedLoopsRestored, .setSpeedTrainer, .trainerStepped,
        .beatGridDetected, .setMetronome, .setCountIn, .nudgeABeats, .nudgeBBeats, .nameSection,
        .sectionsRestored, .loopSection, .songSettingsRestored, .takeRecorded, .deleteTake,
        .listenToTake:
        nil
      }
    guard let action, number?.isFinite ?? true else { return nil }
    self = action
  }

  /// Decodes an action, rejecting unknown types, missing fields and non-finite numbers.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: Field.self)
    let tag = try c.decode(String.self, forKey: .type)
    guard let kind = Kind(rawValue: tag) else {
      throw DecodingError.dataCorruptedError(
        forKey: .type, in: c, debugDescription: "unknown action type \"\(tag)\"")
    }
    func number(_ key: Field) throws -> Double {
      let value = try c.decode(Double.self, forKey: key)
      guard value.isFinite else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: c, debugDescription: "must be a finite number")
      }
      return value
    }
    switch kind {
    case .onAppear: self = .onAppear
    case .importPicked: self = .importPicked(url: try Self.decodeURL(c, key: .url))
    case .importSucceeded:
      let track = try c.decode(TrackMeta.self, forKey: .track)
      guard track.durationSec.isFinite, track.durationSec >= 0 else {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: c.codingPath + [Field.track, InterchangeKey("durationSec")],
            debugDescription: "must be a finite number >= 0"))
      }
      self = .importSucceeded(track: track)
    case .importFailed: self = .importFailed(message: try c.decode(String.self, forKey: .message))
    case .setMode:
      let text = try c.decode(String.self, forKey: .mode)
      guard let mode = Mode(rawValue: text) else {
        let names = Mode.allCases.map(\.rawValue).joined(separator: ", ")
        throw DecodingError.dataCorruptedError(
          forKey: .mode, in: c, debugDescription: "\"\(text)\" is not one of \(names)")
      }
      self = .setMode(mode)
    case .tapWaveform: self = .tapWaveform(timeSec: try number(.timeSec))
    case .dragScrub: self = .dragScrub(timeSec: try number(.timeSec))
    case .overviewTapped: self = .overviewTapped(timeSec: try number(.timeSec))
    case .togglePlay: self = .togglePlay
    case .tick: self = .tick(currentTimeSec: try number(.currentTimeSec))
    case .speedDelta: self = .speedDelta(try number(.delta))
    case .pitchDelta: self = .pitchDelta(try number(.delta))
    case .addMarker: self = .addMarker(timeSec: try number(.timeSec))
    case .deleteMarker: self = .deleteMarker(id: try Self.decodeID(c))
    case .toggleLoopEnabled: self = .toggleLoopEnabled(try c.decode(Bool.self, forKey: .enabled))
    case .setA: self = .setA(timeSec: try number(.timeSec))
    case .setB: self = .setB(timeSec: try number(.timeSec))
    case .clearToastIfExpired:
      self = .clearToastIfExpired(now: try c.decodeIfPresent(Date.self, forKey: .now))
    case .skip: self = .skip(seconds: try number(.seconds))
    case .abCycle: self = .abCycle
    case .cycleSpeed: self = .cycleSpeed
    case .markNow: self = .markNow
    case .setLocked: self = .setLocked(try c.decode(Bool.self, forKey: .locked))
    case .seekToStart: self = .seekToStart
    case .seekToEnd: self = .seekToEnd
    case .undo: self = .undo
    case .redo: self = .redo
    case .setSpeed: self = .setSpeed(try number(.speed))
    case .setPitch: self = .setPitch(semitones: try number(.semitones))
    case .nudgeA: self = .nudgeA(seconds: try number(.seconds))
    case .nudgeB: self = .nudgeB(seconds: try number(.seconds))
    case .saveLoop: self = .saveLoop(name: try c.decode(String.self, forKey: .name))
    case .recallLoop: self = .recallLoop(number: try c.decode(Int.self, forKey: .number))
    case .renameSavedLoop:
      self = .renameSavedLoop(
        number: try c.decode(Int.self, forKey: .number),
        name: try c.decode(String.self, forKey: .name))
    case .deleteSavedLoop: self = .deleteSavedLoop(number: try c.decode(Int.self, forKey: .number))
    case .savedLoopsRestored:
      let loops = try c.decode([SavedLoop].self, forKey: .loops)
      guard loops.allSatisfy({ $0.aSec.isFinite && $0.bSec.isFinite }) else {
        throw DecodingError.dataCorruptedError(
          forKey: .loops, in: c, debugDescription: "every aSec and bSec must be a finite number")
      }
      self = .savedLoopsRestored(loops)
    case .setLoopPasses: self = .setLoopPasses(try c.decode(Int?.self, forKey: .passes))
    case .setSpeedTrainer:
      let trainer = try c.decode(SpeedTrainer?.self, forKey: .trainer)
      if let trainer {
        let numbers = [trainer.startSpeed, trainer.step, trainer.targetSpeed]
        guard numbers.allSatisfy(\.isFinite) else {
          throw DecodingError.dataCorruptedError(
            forKey: .trainer, in: c,
            debugDescription: "every speed and step must be a finite number")
        }
      }
      self = .setSpeedTrainer(trainer)
    case .loopPassesCompleted: self = .loopPassesCompleted(wallSec: try number(.wallSec))
    case .playedToEnd: self = .playedToEnd(wallSec: try number(.wallSec))
    case .trainerStepped:
      self = .trainerStepped(speed: try number(.speed), wallSec: try number(.wallSec))
    case .beatGridDetected:
      let grid = try c.decode(BeatGrid.self, forKey: .grid)
      guard (grid.tempo?.isFinite ?? true) && (grid.beats + grid.downbeats).allSatisfy(\.isFinite)
      else {
        throw DecodingError.dataCorruptedError(
          forKey: .grid, in: c, debugDescription: "the tempo and every time must be finite")
      }
      self = .beatGridDetected(grid)
    case .tapTempo: self = .tapTempo
    case .setTempo: self = .setTempo(bpm: try number(.bpm))
    case .shiftGrid: self = .shiftGrid(seconds: try number(.seconds))
    case .setMetronome:
      self = .setMetronome(
        enabled: try c.decode(Bool.self, forKey: .enabled), level: try number(.level))
    case .setCountIn:
      self = .setCountIn(
        beats: try c.decode(Int.self, forKey: .beats),
        everyPass: try c.decode(Bool.self, forKey: .everyPass))
    case .nudgeABeats: self = .nudgeABeats(try c.decode(Int.self, forKey: .beats))
    case .nudgeBBeats: self = .nudgeBBeats(try c.decode(Int.self, forKey: .beats))
    case .setSnap:
      let text = try c.decode(String.self, forKey: .snap)
      guard let snap = SnapMode(rawValue: text) else {
        let names = SnapMode.allCases.map(\.rawValue).joined(separator: ", ")
        throw DecodingError.dataCorruptedError(
          forKey: .snap, in: c, debugDescription: "\"\(text)\" is not one of \(names)")
      }
      self = .setSnap(snap)
    case .setRecordingArmed: self = .setRecordingArmed(try c.decode(Bool.self, forKey: .armed))
    case .takeRecorded: self = .takeRecorded(try c.decode(TakeRecording.self, forKey: .take))
    case .deleteTake: self = .deleteTake(id: try Self.decodeID(c))
    case .listenToTake: self = .listenToTake(id: try Self.decodeID(c))
    case .listenToSong: self = .listenToSong
    case .setTakeBalance: self = .setTakeBalance(try number(.balance))
    case .nameSection:
      self = .nameSection(
        timeSec: try number(.timeSec), name: try c.decode(String.self, forKey: .name))
    case .sectionsRestored:
      let sections = try c.decode([SongSection].self, forKey: .sections)
      guard sections.allSatisfy(\.timeSec.isFinite) else {
        throw DecodingError.dataCorruptedError(
          forKey: .sections, in: c, debugDescription: "every timeSec must be a finite number")
      }
      self = .sectionsRestored(sections)
    case .loopSection: self = .loopSection(number: try c.decode(Int.self, forKey: .number))
    case .songSettingsRestored:
      let settings = try c.decode(SongSettings.self, forKey: .settings)
      guard ([settings.speed, settings.pitchSemitones] + settings.markers).allSatisfy(\.isFinite)
      else {
        throw DecodingError.dataCorruptedError(
          forKey: .settings, in: c, debugDescription: "every number must be finite")
      }
      self = .songSettingsRestored(settings)
    }
  }

  private static func decodeID(_ c: KeyedDecodingContainer<Field>) throws -> UUID {
    let text = try c.decode(String.self, forKey: .id)
    guard let id = UUID(uuidString: text) else {
      throw DecodingError.dataCorruptedError(
        forKey: .id, in: c, debugDescription: "\"\(text)\" is not a UUID")
    }
    return id
  }

  /// Encodes `type` first, then the case's fields.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: Field.self)
    try c.encode(kind.rawValue, forKey: .type)
    switch self {
    case .onAppear, .togglePlay, .abCycle, .cycleSpeed, .markNow, .seekToStart, .seekToEnd, .undo,
      .redo, .tapTempo, .listenToSong:
      break
    case .importPicked(let url): try c.encode(Self.interchangeString(url), forKey: .url)
    case .importSucceeded(let track): try c.encode(track, forKey: .track)
    case .importFailed(let message): try c.encode(message, forKey: .message)
    case .setMode(let mode): try c.encode(mode, forKey: .mode)
    case .tapWaveform(let time), .dragScrub(let time), .addMarker(let time), .setA(let time),
      .setB(let time), .overviewTapped(let time):
      try c.encode(time, forKey: .timeSec)
    case .tick(let time): try c.encode(time, forKey: .currentTimeSec)
    case .speedDelta(let delta), .pitchDelta(let delta): try c.encode(delta, forKey: .delta)
    case .deleteMarker(let id), .deleteTake(let id), .listenToTake(let id):
      try c.encode(id, forKey: .id)
    case .toggleLoopEnabled(let enabled): try c.encode(enabled, forKey: .enabled)
    case .clearToastIfExpired(let now): try c.encodeIfPresent(now, forKey: .now)
    case .skip(let seconds), .nudgeA(let seconds), .nudgeB(let seconds), .shiftGrid(let seconds):
      try c.encode(seconds, forKey: .seconds)
    case .setLocked(let locked): try c.encode(locked, forKey: .locked)
    case .setSpeed(let speed): try c.encode(speed, forKey: .speed)
    case .setPitch(let semitones): try c.encode(semitones, forKey: .semitones)
    case .saveLoop(let name): try c.encode(name, forKey: .name)
    case .recallLoop(let number), .deleteSavedLoop(let number), .loopSection(let number):
      try c.encode(number, forKey: .number)
    case .renameSavedLoop(let number, let name):
      try c.encode(number, forKey: .number)
      try c.encode(name, forKey: .name)
    case .savedLoopsRestored(let loops): try c.encode(loops, forKey: .loops)
    case .setLoopPasses(let passes): try c.encode(passes, forKey: .passes)
    case .setSpeedTrainer(let trainer): try c.encode(trainer, forKey: .trainer)
    case .loopPassesCompleted(let wallSec), .playedToEnd(let wallSec):
      try c.encode(wallSec, forKey: .wallSec)
    case .trainerStepped(let speed, let wallSec):
      try c.encode(speed, forKey: .speed)
      try c.encode(wallSec, forKey: .wallSec)
    case .beatGridDetected(let grid): try c.encode(grid, forKey: .grid)
    case .setTempo(let bpm): try c.encode(bpm, forKey: .bpm)
    case .setMetronome(let enabled, let level):
      try c.encode(enabled, forKey: .enabled)
      try c.encode(level, forKey: .level)
    case .setCountIn(let beats, let everyPass):
      try c.encode(beats, forKey: .beats)
      try c.encode(everyPass, forKey: .everyPass)
    case .nudgeABeats(let beats), .nudgeBBeats(let beats): try c.encode(beats, forKey: .beats)
    case .setSnap(let snap): try c.encode(snap, forKey: .snap)
    case .setRecordingArmed(let armed): try c.encode(armed, forKey: .armed)
    case .takeRecorded(let take): try c.encode(take, forKey: .take)
    case .setTakeBalance(let balance): try c.encode(balance, forKey: .balance)
    case .nameSection(let time, let name):
      try c.encode(time, forKey: .timeSec)
      try c.encode(name, forKey: .name)
    case .sectionsRestored(let sections): try c.encode(sections, forKey: .sections)
    case .songSettingsRestored(let settings): try c.encode(settings, forKey: .settings)
    }
  }

  /// The interchange text of a URL: a path for file and scheme-less URLs, else the absolute string.
  public static func interchangeString(_ url: URL) -> String {
    url.scheme == nil || url.isFileURL ? url.path(percentEncoded: false) : url.absoluteString
  }

  /// Parses the interchange text of a URL without consulting the working directory, so relative
  /// paths stay relative and decoding is deterministic.
  public static func url(fromInterchange text: String) -> URL? {
    if text.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) != nil {
      return URL(string: text)
    }
    guard let escaped = text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) else {
      return nil
    }
    return URL(string: escaped)
  }

  private static func decodeURL(_ c: KeyedDecodingContainer<Field>, key: Field) throws -> URL {
    let text = try c.decode(String.self, forKey: key)
    guard !text.isEmpty, let url = url(fromInterchange: text) else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: c, debugDescription: "\"\(text)\" is not a path or URL")
    }
    return url
  }
}
