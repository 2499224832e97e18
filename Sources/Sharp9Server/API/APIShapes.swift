import Foundation
import Sharp9Domain
import Sharp9Store
import Sharp9Words

/// The JSON bodies only the inspector's API has, keys in declaration order
/// (``Interchange/string(_:pretty:)``). Sessions, history, verify and check answer the CLI's own
/// `--json` shapes (``ReportJSON``), so the two cannot drift apart.
enum APIShapes {
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
