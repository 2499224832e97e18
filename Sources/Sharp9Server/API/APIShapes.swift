import Foundation
import Sharp9Domain
import Sharp9Store
import Sharp9Words

/// The JSON bodies of the inspector's API, keys in declaration order (``Interchange/string(_:pretty:)``).
enum APIShapes {
  /// One row of `GET /api/sessions`.
  struct Session: Encodable {
    var id: String
    var title: String
    var startedAt: String
    var endedAt: String?
    var events: Int64
    /// The time of the last event, as `sharp9 sessions` shows it.
    var durationSec: Double
    var audio: String?
    var reducerVersion: String

    init(_ record: SessionRecord) {
      id = record.idString
      title = record.title
      startedAt = Interchange.formatDate(record.startedAt.date)
      endedAt = record.endedAt.map { Interchange.formatDate($0.date) }
      events = record.eventCount
      durationSec = record.lastT
      audio = record.audio?.path
      reducerVersion = record.reducerVersion
    }
  }

  /// One event of `GET /api/sessions/{id}/events`: the action as `export` writes it (without `t`),
  /// the effects the reducer returned, a one-line summary and whether the state changed.
  struct Event: Encodable, Sendable {
    var seq: Int64
    var t: Double
    var action: Action
    var effects: [Effect]
    var summary: String
    var changed: Bool
  }

  /// A field change, `before`/`after` as compact JSON text (absent: null).
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

  /// `GET /api/sessions/{id}/history?at=N`: the undo history as `sharp9 history` derives it.
  struct History: Encodable {
    var asOf: Int64
    var cursor: Int
    var forgotten: Int
    var startedAfter: Int64
    var steps: [Step]
    var nextUndo: Int?
    var nextRedo: Int?

    struct Step: Encodable {
      var number: Int
      var seq: Int64
      var t: Double
      var name: String
      var status: String
      var changes: [Change]
      var revisions: [Revision]
    }

    struct Revision: Encodable {
      var seq: Int64
      var isUndo: Bool
    }

    init(_ timeline: EditTimeline) {
      asOf = timeline.asOf
      cursor = timeline.cursor
      forgotten = timeline.forgotten
      startedAfter = timeline.startedAfter
      steps = timeline.steps.enumerated().map { index, edit in
        Step(
          number: edit.number, seq: edit.seq, t: edit.t, name: edit.name,
          status: index < timeline.cursor ? "applied" : "undone",
          changes: edit.changes.map(Change.init),
          revisions: edit.revisions.map { Revision(seq: $0.seq, isUndo: $0.isUndo) })
      }
      nextUndo = timeline.nextUndo?.number
      nextRedo = timeline.nextRedo?.number
    }
  }

  /// `GET /api/sessions/{id}/verify`: what `sharp9 verify` reports.
  struct Verify: Encodable {
    var ok: Bool
    var eventsReplayed: Int64
    var checkpointsCompared: Int
    var recordedReducerVersion: String
    var currentReducerVersion: String
    var divergence: Divergence?

    struct Divergence: Encodable {
      var seq: Int64
      var lastAgreeingSeq: Int64
      var snapshotProblem: String?
      var changes: [Change]
    }

    init(_ report: VerifyReport) {
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

  /// `GET /api/sessions/{id}/check`: what `sharp9 check` reports.
  struct Check: Encodable {
    var passed: Bool
    var eventsChecked: Int64
    var finding: Finding?
    var changes: [Change]

    struct Finding: Encodable {
      var seq: Int64
      var t: Double
      var action: Action
      var summary: String
      var violations: [String]
    }

    init(_ report: CheckReport) {
      passed = report.passed
      eventsChecked = report.eventsChecked
      finding = report.finding.map {
        Finding(
          seq: $0.seq, t: $0.t, action: $0.action, summary: EventText.summary($0.action),
          violations: $0.violations)
      }
      changes = report.changes.map(Change.init)
    }
  }

  /// The answer to a change (`POST` and `DELETE`): the session it made or touched.
  struct Changed: Encodable {
    var id: String
    var title: String
    var events: Int64
    var alreadyPresent: Bool?
  }

  /// `{"error": "…"}`.
  struct Failure: Encodable {
    var error: String
  }
}
