/// A failure of the event store a user or caller can act on (SQLite failures are ``SQLiteError``,
/// schema refusals ``MigrationError``).
public enum StoreError: Error, Equatable, CustomStringConvertible {
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
  /// A stored event could not be decoded.
  case corruptEvent(session: String, seq: Int64, reason: String)
  /// A sequence number outside the session.
  case sequenceOutOfRange(session: String, seq: Int64, count: Int64)

  /// One line saying what failed and what to do.
  public var description: String {
    switch self {
    case .databaseMissing(let path):
      "no sharp9 database at \(path) (record or import a session first, or pass --db PATH)"
    case .sessionNotFound(let prefix):
      "no session id starts with \"\(prefix)\" (list them with `sharp9 sessions`)"
    case .ambiguousSession(let prefix, let matches):
      "\"\(prefix)\" matches \(matches.count) sessions (\(matches.joined(separator: ", ")));"
        + " give more characters"
    case .conflict(let session, let expected, let actual):
      "session \(session) was appended to by another writer (expected \(expected) events, found"
        + " \(actual)); reload it and retry"
    case .invalidTime(let seq, let t, let previous):
      "event \(seq): t = \(shortNumberText(t)) must be finite and not before the previous"
        + " event's t = \(shortNumberText(previous))"
    case .corruptEvent(let session, let seq, let reason):
      "session \(session) event \(seq) is unreadable: \(reason)"
    case .sequenceOutOfRange(let session, let seq, let count):
      "session \(session) has events 0…\(count); \(seq) is out of range"
    }
  }
}
