import Foundation
import Sharp9Domain
import Sharp9Store

/// The `--json` shapes of the read commands, in one place: field names are camelCase, times in
/// seconds, dates as the interchange writes them, and every value is data (no wording).
///
/// `sessions` and `log` print JSON Lines (one object per session or event); `diff`, `verify`,
/// `check` and `history` print one object.
public enum ReportJSON {
  /// One line of `sessions --json`.
  public struct Session: Encodable, Sendable {
    var id: String
    var title: String
    var startedAt: String
    var events: Int64
    var durationSec: Double
    var audio: String?
    /// The device it was uploaded from (`sharp9 push`); absent for a session made here.
    var device: String?

    /// The line for `session`, as it is now.
    public init(_ session: SessionRecord) {
      device = session.device
      id = session.idString
      title = session.title
      startedAt = Interchange.formatDate(session.startedAt.date)
      events = session.eventCount
      durationSec = session.lastT
      audio = session.audio?.path
    }
  }

  /// One line of `log --json`: the event, the effects the current reducer emits for it, and its
  /// undo/redo note, if any.
  public struct Event: Encodable, Sendable {
    var seq: Int64
    var t: Double
    var action: Action
    var effects: [Effect]
    var note: String?

    /// The event `seq` at `t`, its effects and its undo/redo note.
    public init(seq: Int64, t: Double, action: Action, effects: [Effect], note: String?) {
      self.seq = seq
      self.t = t
      self.action = action
      self.effects = effects
      self.note = note
    }
  }

  /// A field that differs: its value before and after, as JSON text (`null` when absent).
  public struct Change: Encodable, Sendable {
    var path: String
    var before: String?
    var after: String?

    /// `change` as JSON text.
    public init(_ change: FieldChange) {
      path = change.path
      before = change.before
      after = change.after
    }
  }

  /// `diff --json`.
  public struct Diff: Encodable, Sendable {
    var a: Int64
    var b: Int64
    var changes: [Change]

    /// The changes from the state after event `a` to the state after event `b`.
    public init(a: Int64, b: Int64, changes: [Change]) {
      self.a = a
      self.b = b
      self.changes = changes
    }
  }

  /// `verify --json`.
  public struct Verify: Encodable, Sendable {
    /// The first checkpoint replay disagrees with, and how.
    public struct Divergence: Encodable, Sendable {
      var seq: Int64
      var lastAgreeingSeq: Int64
      var snapshotProblem: String?
      var changes: [Change]
    }
    var session: String
    var ok: Bool
    var eventsReplayed: Int64
    var checkpointsCompared: Int
    var recordedReducerVersion: String
    var currentReducerVersion: String
    var divergence: Divergence?

    /// The report of `sharp9 verify`.
    public init(_ report: VerifyReport) {
      session = report.session.idString
      ok = report.isOK
      eventsReplayed = report.eventsReplayed
      checkpointsCompared = report.checkpointsCompared
      recordedReducerVersion = report.recordedReducerVersion
      currentReducerVersion = report.currentReducerVersion
      divergence = report.divergence.map { found in
        Divergence(
          seq: found.seq, lastAgreeingSeq: found.lastAgreeingSeq,
          snapshotProblem: found.snapshotProblem.map {
            VerifyText.snapshotProblem($0, at: found.seq)
          },
          changes: found.changes.map(Change.init))
      }
    }
  }

  /// `check --json`.
  public struct Check: Encodable, Sendable {
    /// The first event that broke an invariant, and what it broke.
    public struct Finding: Encodable, Sendable {
      var seq: Int64
      var t: Double
      var action: Action
      var violations: [String]
      var changes: [Change]
    }
    var session: String
    var ok: Bool
    var eventsChecked: Int64
    var finding: Finding?

    /// The report of `sharp9 check`.
    public init(_ report: CheckReport) {
      session = report.session.idString
      ok = report.passed
      eventsChecked = report.eventsChecked
      finding = report.finding.map {
        Finding(
          seq: $0.seq, t: $0.t, action: $0.action,
          violations: $0.violations.map(InvariantText.sentence),
          changes: report.changes.map(Change.init))
      }
    }
  }

  /// `history --json`.
  public struct History: Encodable, Sendable {
    /// One undoable edit: whether it is applied, and what it changed.
    public struct Edit: Encodable, Sendable {
      var number: Int
      var seq: Int64
      var t: Double
      var name: String
      var applied: Bool
      var lastRevisionSeq: Int64?
      var changes: [Change]
    }
    var session: String
    var asOf: Int64
    var cursor: Int
    var forgotten: Int
    var startedAfter: Int64
    var edits: [Edit]

    /// `session`'s undo history as of an event.
    public init(_ history: EditTimeline, session: SessionRecord) {
      self.session = session.idString
      asOf = history.asOf
      cursor = history.cursor
      forgotten = history.forgotten
      startedAfter = history.startedAfter
      edits = history.steps.map {
        Edit(
          number: $0.number, seq: $0.seq, t: $0.t, name: $0.name, applied: !$0.isUndone,
          lastRevisionSeq: $0.revisions.last?.seq, changes: $0.changes.map(Change.init))
      }
    }
  }

  /// `value` as one line of interchange JSON.
  public static func line(_ value: some Encodable) throws -> String {
    try OrderedJSONEncoder().string(value)
  }
}
