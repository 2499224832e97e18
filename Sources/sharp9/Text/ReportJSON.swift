import Foundation
import Sharp9Domain
import Sharp9Store

/// The `--json` shapes of the read commands, in one place: field names are camelCase, times in
/// seconds, dates as the interchange writes them, and every value is data (no wording).
///
/// `sessions` and `log` print JSON Lines (one object per session or event); `diff`, `verify`,
/// `check` and `history` print one object.
enum ReportJSON {
  /// One line of `sessions --json`.
  struct Session: Encodable {
    var id: String
    var title: String
    var startedAt: String
    var events: Int64
    var durationSec: Double
    var audio: String?

    init(_ session: SessionRecord) {
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
  struct Event: Encodable {
    var seq: Int64
    var t: Double
    var action: Action
    var effects: [Effect]
    var note: String?
  }

  /// A field that differs: its value before and after, as JSON text (`null` when absent).
  struct Change: Encodable {
    var path: String
    var before: String?
    var after: String?

    init(_ change: FieldChange) {
      path = change.path
      before = change.before
      after = change.after
    }
  }

  /// `diff --json`.
  struct Diff: Encodable {
    var a: Int64
    var b: Int64
    var changes: [Change]
  }

  /// `verify --json`.
  struct Verify: Encodable {
    struct Divergence: Encodable {
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

    init(_ report: VerifyReport) {
      session = report.session.idString
      ok = report.isOK
      eventsReplayed = report.eventsReplayed
      checkpointsCompared = report.checkpointsCompared
      recordedReducerVersion = report.recordedReducerVersion
      currentReducerVersion = report.currentReducerVersion
      divergence = report.divergence.map {
        Divergence(
          seq: $0.seq, lastAgreeingSeq: $0.lastAgreeingSeq, snapshotProblem: $0.snapshotProblem,
          changes: $0.changes.map(Change.init))
      }
    }
  }

  /// `check --json`.
  struct Check: Encodable {
    struct Finding: Encodable {
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

    init(_ report: CheckReport) {
      session = report.session.idString
      ok = report.passed
      eventsChecked = report.eventsChecked
      finding = report.finding.map {
        Finding(
          seq: $0.seq, t: $0.t, action: $0.action, violations: $0.violations,
          changes: report.changes.map(Change.init))
      }
    }
  }

  /// `history --json`.
  struct History: Encodable {
    struct Edit: Encodable {
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

    init(_ history: EditTimeline, session: SessionRecord) {
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
  static func line(_ value: some Encodable) throws -> String {
    try OrderedJSONEncoder().string(value)
  }
}
