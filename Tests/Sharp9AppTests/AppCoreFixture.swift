import Foundation
import Sharp9App
import Sharp9Audio
import Sharp9Domain
import Sharp9Store

/// A clock a test moves by hand.
final class ManualClock {
  static let start = Date(timeIntervalSince1970: 1_763_751_600)
  var elapsedSec = 0.0

  var clock: AppClock {
    AppClock(
      now: { Self.start.addingTimeInterval(self.elapsedSec) }, elapsedSec: { self.elapsedSec })
  }
}

/// Session ids 00000000-0000-0000-0000-000000000001, …2, … in order.
final class CountingIDs {
  private var count = 0

  func next() -> UUID {
    count += 1
    let hex = String(count, radix: 16)
    let digits = String(repeating: "0", count: 12 - hex.count) + hex
    return UUID(uuidString: "00000000-0000-0000-0000-\(digits)") ?? UUID()
  }
}

/// An engine that loads by `load` and notes every call.
final class ReportingEngine: AudioEngine {
  var load: (URL) throws -> TrackMeta
  private(set) var calls: [String] = []
  var currentTimeSec = 0.0

  init(load: @escaping (URL) throws -> TrackMeta) { self.load = load }

  func load(url: URL) throws -> TrackMeta {
    calls.append("load \(url.lastPathComponent)")
    return try load(url)
  }
  func play() {
    calls.append("play")
  }
  func pause() { calls.append("pause") }
  func seek(toSec timeSec: Double) { calls.append("seek \(timeSec)") }
  func setRate(_ rate: Double) { calls.append("rate \(rate)") }
  func setPitchSemitones(_ semitones: Double) { calls.append("pitch \(semitones)") }
  func setLoop(aSec: Double?, bSec: Double?, enabled: Bool) { calls.append("loop") }
  func setLoopPractice(_ practice: LoopPractice) { calls.append("loop practice") }
  func setBeatGrid(_ grid: BeatGrid?) { calls.append("grid \(grid?.beats.count ?? 0)") }
  func setClicks(_ clicks: ClickSettings) { calls.append("clicks") }
  func setTakeMix(take: TakeRecording?, balance: Double) { calls.append("take mix \(balance)") }
}

/// A core on an in-memory store with a pinned clock and counting session ids.
struct AppCoreFixture {
  let store: EventStore
  let clock = ManualClock()
  let ids = CountingIDs()

  init() throws { store = try EventStore.inMemory() }

  func dependencies(
    engine: any AudioEngine, computePeaks: ((URL) throws -> WaveformPeaks)? = nil
  ) -> AppDependencies {
    AppDependencies(
      log: store, engine: engine, clock: clock.clock, makeSessionID: ids.next,
      computePeaks: computePeaks)
  }

  static let info = NewSessionInfo(title: "core test", sharp9Version: "test")
  /// A new session's info on `/music/take.wav` whose content hashes to `sha256`.
  static func songInfo(sha256: String) -> NewSessionInfo {
    NewSessionInfo(
      title: "take", audio: RecordedAudio(path: "/music/take.wav", sha256: sha256),
      sharp9Version: "test")
  }
  static let take = URL(fileURLWithPath: "/music/take.wav")
}

/// Folds `events` from scratch in memory: what the log must hold for `session`.
func fold(_ events: [(t: Double, action: Action)], session: SessionRecord) -> State {
  var state = State()
  for (index, (t, action)) in events.enumerated() {
    let context = ActionContext(
      session: session.id, startedAt: session.startedAt.date, sequence: Int64(index + 1), t: t)
    _ = Reducer.reduce(into: &state, action: action, context: context)
  }
  return state
}
