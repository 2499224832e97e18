import Foundation
import Sharp9Domain

@testable import Sharp9Store

/// Sessions and planted reducer bugs shared by the history and bug-reproduction tests.
enum HistoryFixtures {
  static let startedAt = Date(timeIntervalSince1970: 1_795_000_000)
  static let track = TrackMeta(name: "take.wav", durationSec: 60)

  /// Actions with `t` = 0.5 s apart.
  static func timed(_ actions: [Action]) -> [ScriptedAction] {
    actions.enumerated().map { ScriptedAction(t: Double($0.offset) * 0.5, action: $0.element) }
  }

  /// A new session in `store` holding `actions`, created as an import would.
  static func session(_ actions: [Action], in store: EventStore, title: String = "fixture") throws
    -> SessionRecord
  {
    let script = SessionScript(header: nil, actions: timed(actions))
    return try store.createSession(
      NewSession(title: title, startedAt: startedAt, sharp9Version: "test"),
      unrecordedScript: script)
  }

  /// The real reducer plus a planted bug: the pad's speed button switches the loop on as soon as
  /// A is set, even without B (breaking "loop enabled only with A and B").
  static func loopBug(_ state: inout State, _ action: Action, _ context: ActionContext) -> [Effect]
  {
    let effects = Reducer.reduce(into: &state, action: action, context: context)
    if case .cycleSpeed = action, state.loop.aSec != nil { state.loop.enabled = true }
    return effects
  }

  /// Noise around the three actions the loop bug needs (a track, A, the speed button), with no
  /// other way of setting A.
  static let loopBugSession: [Action] = [
    .onAppear, .importPicked(url: URL(fileURLWithPath: "/music/take.wav")),
    .importSucceeded(track: track), .tick(currentTimeSec: 0), .togglePlay,
    .tick(currentTimeSec: 0.5), .speedDelta(-0.05), .pitchDelta(1), .tick(currentTimeSec: 1),
    .addMarker(timeSec: 3), .setMode(.marker), .setA(timeSec: 4), .tick(currentTimeSec: 1.5),
    .pitchDelta(-1), .togglePlay, .dragScrub(timeSec: 9), .clearToastIfExpired(now: nil),
    .speedDelta(0.05), .cycleSpeed, .tick(currentTimeSec: 9.5), .setB(timeSec: 8), .togglePlay,
  ]
}

/// A reducer that is not a function of its inputs: every other `markNow` transposes by a semitone,
/// depending on how often it was called before (a planted nondeterminism).
final class FlakyReducer: @unchecked Sendable {
  private var calls = 0

  func reduce(_ state: inout State, _ action: Action, _ context: ActionContext) -> [Effect] {
    let effects = Reducer.reduce(into: &state, action: action, context: context)
    if case .markNow = action {
      calls += 1
      if calls % 2 == 1 { state.transport.pitchSemitones = 1 }
    }
    return effects
  }
}
