import Foundation
import Sharp9Domain

/// A failure of the event store a user or caller can act on, the same on every backend (a backend's
/// own failures are its ``BackendFailure``, schema refusals ``MigrationError``).
public enum StoreError: StoreFailure, Equatable {
  /// `--db` (or the default) names no file, for a command that only reads.
  case databaseMissing(path: String)
  /// No session id starts with the given text.
  case sessionNotFound(String)
  /// Several session ids start with the given text.
  case ambiguousSession(String, matches: [String])
  /// Another writer appended to the session first: the head is not where the writer expected.
  case conflict(session: String, expected: Int64, actual: Int64)
  /// An event's `t` is negative, not finite, or before the previous event's.
  case invalidTime(seq: Int64, t: Double, previous: Double)
  /// An event's `t` puts it after ``latestDate`` (`t: 1e300`): its date could not be written.
  case timeBeyondDates(seq: Int64, t: Double, latest: Double)
  /// A script to import holds no action (empty, blank lines, or a header alone).
  case noActions
  /// A stored event could not be decoded.
  case corruptEvent(session: String, seq: Int64, reason: String)
  /// A sequence number outside the session.
  case sequenceOutOfRange(session: String, seq: Int64, count: Int64)
  /// A store URL (`--store`) that names no store sharp9 can open.
  case invalidStoreURL(url: String, reason: String)
  /// The store's backend cannot do `operation` yet (e.g. `verify` on PostgreSQL).
  case unsupported(operation: String, backend: StoreBackend)

  /// What the failure means.
  public var resultCode: StoreResultCode {
    switch self {
    case .databaseMissing: .missing
    case .sessionNotFound: .notFound
    case .ambiguousSession, .sequenceOutOfRange, .invalidStoreURL: .invalidRequest
    case .conflict: .conflict
    case .invalidTime, .timeBeyondDates, .noActions: .invalidData
    case .corruptEvent: .corrupt
    case .unsupported: .unsupported
    }
  }

  /// One line saying what failed, as data for logs and tests; front ends word it for people
  /// (the CLI's `ErrorReport`) and say what to do.
  public var description: String {
    switch self {
    case .databaseMissing(let path):
      "no sharp9 database at \(path)"
    case .sessionNotFound(let prefix):
      "no session id starts with \"\(prefix)\""
    case .ambiguousSession(let prefix, let matches):
      "\"\(prefix)\" matches \(matches.count) sessions (\(matches.joined(separator: ", ")))"
    case .conflict(let session, let expected, let actual):
      "session \(session) was appended to by another writer (expected \(expected) events, found"
        + " \(actual))"
    case .invalidTime(let seq, let t, let previous):
      "event \(seq): t = \(JSONText.number(t)) must be finite and not before the previous"
        + " event's t = \(JSONText.number(previous))"
    case .timeBeyondDates(let seq, let t, let latest):
      "event \(seq): t = \(JSONText.number(t)) is after the year 9999 (at most"
        + " \(JSONText.number(latest)) for this session)"
    case .noActions: "the script holds no actions"
    case .corruptEvent(let session, let seq, let reason):
      "session \(session) event \(seq) is unreadable: \(reason)"
    case .sequenceOutOfRange(let session, let seq, let count):
      "session \(session) has events 0…\(count); \(seq) is out of range"
    case .invalidStoreURL(let url, let reason):
      "\(url) is not a store URL: \(reason)"
    case .unsupported(let operation, let backend):
      "\(operation) is not supported on a \(backend.name) store yet"
    }
  }
}

extension StoreError {
  /// The latest moment an event may happen: 9999-12-31T23:59:59.999Z, the last a four-digit
  /// interchange date can say.
  public static let latestDate = Date(timeIntervalSince1970: 253_402_300_799.999)
}
