import Foundation
import Sharp9Domain
import Testing

/// An exhaustive reducer harness in the spirit of TCA's `TestStore`: every `send` states how the
/// whole state changes (everything not mentioned must stay equal) and exactly which effects come
/// out, in order.
struct TestStore {
  /// The session id tests run under (so marker ids are predictable).
  static let session = UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))
  /// The session start tests run at: 2026-11-21T19:00:00Z.
  static let startedAt = Date(timeIntervalSince1970: 1_795_287_600)

  private(set) var state: State
  private(set) var sequence: Int64 = 0
  private(set) var t: Double = 0

  init(_ state: State = State()) { self.state = state }

  /// A store without a track, starting from the default state changed by `adjust`.
  init(_ adjust: (inout State) -> Void) {
    var state = State()
    adjust(&state)
    self.state = state
  }

  /// A store with a 180 s track loaded and nothing else changed.
  static func loaded(duration: Double = 180, _ adjust: (inout State) -> Void = { _ in }) -> Self {
    var state = State(
      track: TrackMeta(name: "etude.wav", durationSec: duration),
      viewport: Viewport(startSec: 0, endSec: duration))
    adjust(&state)
    return TestStore(state)
  }

  /// The marker id the action with sequence number `sequence` creates.
  static func id(_ sequence: Int64) -> UUID {
    ActionContext.derivedID(session: session, sequence: sequence)
  }

  /// The marker id the next `send` creates.
  var nextID: UUID { Self.id(sequence + 1) }

  /// The wall-clock time of an event at `t`.
  static func date(_ t: Double) -> Date { startedAt.addingTimeInterval(t) }

  /// A toast raised at `t`.
  static func toast(_ message: String, at t: Double) -> ToastState {
    ToastState(message: message, expiresAt: date(t + PracticeRules.toastLifetime))
  }

  /// Sends `action` at session time `at` (default: the previous action's time), and expects the
  /// state to become the previous state changed by `update`, and exactly `effects`.
  mutating func send(
    _ action: Action, at time: Double? = nil, effects expected: [Effect] = [],
    sourceLocation: SourceLocation = #_sourceLocation,
    _ update: (inout State) -> Void = { _ in }
  ) {
    if let time { t = time }
    sequence += 1
    let context = ActionContext(
      session: Self.session, startedAt: Self.startedAt, sequence: sequence, t: t)
    var expectedState = state
    update(&expectedState)
    let effects = Reducer.reduce(into: &state, action: action, context: context)
    #expect(state == expectedState, "state after \(action)", sourceLocation: sourceLocation)
    #expect(effects == expected, "effects of \(action)", sourceLocation: sourceLocation)
    #expect(
      Invariants.violations(of: state) == [], "invariants after \(action)",
      sourceLocation: sourceLocation)
    state = expectedState
  }
}
