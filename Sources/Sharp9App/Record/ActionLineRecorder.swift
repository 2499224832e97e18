import Foundation
import Sharp9Domain
import Sharp9Store

/// The live recorder behind a pipe (`sharp9 record`): one line of JSON interchange in, the action
/// sent through the app core (reduced, appended durably, its effects run), one answer out.
/// Reading and writing the lines, and wording errors, are the front end's.
public final class ActionLineRecorder {
  /// What each recorded line is answered with.
  public enum Answer: String, CaseIterable, Sendable {
    /// The whole resulting state, as compact interchange JSON.
    case state
    /// The recorded event's number, `t` and effects: `{"seq":3,"t":1.5,"effects":[…]}`.
    case compact
    /// Nothing for a recorded line (`none`); errors are still answered by the front end.
    case quiet = "none"
  }

  /// What one line did: the answer to print (nil for ``Answer/quiet``), whether it created the
  /// session, and the effects the engine could not perform.
  public struct Outcome {
    /// The line to answer with, or nil.
    public var answer: String?
    /// True when this line's action created the session.
    public var startedSession: Bool
    /// Effects the engine refused (the action is recorded all the same).
    public var failures: [EffectRunner.Failure]
  }

  /// The app core the lines go through.
  public let core: AppCore
  private let answer: Answer
  private var lineNumber = 0
  private let encoder = OrderedJSONEncoder()
  private let codec = StateCodec()

  /// A recorder sending through `core`, answering with `answer`.
  public init(core: AppCore, answer: Answer) {
    self.core = core
    self.answer = answer
  }

  /// Records the action on `text` (a blank line records nothing and is answered with the
  /// current state).
  ///
  /// - Throws: ``SessionScriptError`` for a line that is not an action (nothing is recorded),
  ///   and what the app core throws when the append fails.
  public func record(_ text: String) throws -> Outcome {
    lineNumber += 1
    var step: Step?
    var startedSession = false
    var failures: [EffectRunner.Failure] = []
    if let (action, explicitT) = try Self.parse(text, number: lineNumber) {
      let isFirst = core.session == nil
      let sent = try core.send(action, at: explicitT)
      if let first = sent.events.first {
        step = Step(seq: first.seq, t: first.t, effects: sent.effects)
      }
      startedSession = isFirst && core.session != nil
      failures = sent.failures
    }
    let reply: String?
    switch answer {
    // The same bytes as `encoder.string(state)`, far faster for a state with history.
    case .state: reply = try codec.interchangeJSON(core.state)
    case .compact: reply = try encoder.string(step ?? Step(seq: core.session?.eventCount ?? 0))
    case .quiet: reply = nil
    }
    return Outcome(answer: reply, startedSession: startedSession, failures: failures)
  }

  /// The action of one input line (with its own `t`, if it has one), or `nil` for a blank line.
  private static func parse(_ text: String, number: Int) throws -> (Action, Double?)? {
    switch try SessionScriptParser.parseLine(text, number: number, requiresTime: false) {
    case nil: return nil
    case .header?:
      throw SessionScriptError(
        line: number, message: "record takes actions only (use --audio and --title for the session)"
      )
    case .action(let action, let t)?: return (action, t)
    }
  }

  /// The ``Answer/compact`` line. A blank line is answered with the head and no `t`.
  private struct Step: Encodable {
    var seq: Int64
    var t: Double?
    var effects: [Effect] = []
  }
}
