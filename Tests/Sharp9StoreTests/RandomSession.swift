import Foundation
import Sharp9Domain

/// Seeded random sessions for store tests: a track import, then actions of every kind (undo and
/// redo included) from the one generator, ``RandomActions``, folded as they are drawn so markers
/// that `deleteMarker` names exist.
enum RandomSession {
  /// When the sessions start (fixed, so toasts expire identically).
  static let startedAt = Date(timeIntervalSince1970: 1_767_225_600.125)

  /// `session` is the id the actions will be recorded under, so `deleteMarker` can name markers
  /// that `addMarker` created (their ids derive from the session id and the sequence number).
  static func actions(count: Int, seed: UInt64, session: UUID) -> [(t: Double, action: Action)] {
    var generator = RandomActions(random: SplitMix64(seed: seed))
    var state = State()
    var result: [(t: Double, action: Action)] = []
    var t = 0.0
    while result.count < count {
      let now = startedAt.addingTimeInterval(t)
      let action =
        switch result.count {
        case 0: generator.next(.importPicked, in: state, now: now)
        case 1: generator.next(.importSucceeded, in: state, now: now)
        default: generator.next(in: state, now: now)
        }
      let context = ActionContext(
        session: session, startedAt: startedAt, sequence: Int64(result.count + 1), t: t)
      _ = Reducer.reduce(into: &state, action: action, context: context)
      result.append((t, action))
      t += Double(Int.random(in: 1...40, using: &generator.random)) / 1000
    }
    return result
  }

  /// The state after each action of ``actions(count:seed:session:)``.
  static func states(count: Int, seed: UInt64, session: UUID) -> [State] {
    var state = State()
    return actions(count: count, seed: seed, session: session).enumerated().map { index, event in
      let context = ActionContext(
        session: session, startedAt: startedAt, sequence: Int64(index + 1), t: event.t)
      _ = Reducer.reduce(into: &state, action: event.action, context: context)
      return state
    }
  }
}
