import Foundation
import PostgresNIO
import Sharp9Domain

extension PostgresStore {
  static let sessionColumns = """
    id, title, created_ms, started_ms, ended_ms, audio_path, audio_sha256, audio_frames,
    audio_sample_rate, audio_channels, sharp9_version, reducer_version, event_count, last_t,
    audio_located_path
    """

  /// Creates an empty session with the given id (a new random one by default).
  public func createSession(_ new: NewSession, id: UUID = UUID()) throws -> SessionRecord {
    let audio = new.audio
    let rows = try connection.query(
      """
      INSERT INTO sessions (id, title, created_ms, started_ms, audio_path, audio_sha256,
        audio_frames, audio_sample_rate, audio_channels, sharp9_version, reducer_version,
        audio_located_path)
      VALUES (\(id), \(new.title), \(UnixMilliseconds(Date()).value),
        \(UnixMilliseconds(new.startedAt).value), \(audio?.path), \(audio?.sha256),
        \(audio?.frames), \(audio?.sampleRate), \(audio?.channels), \(new.sharp9Version),
        \(new.reducerVersion), \(audio?.locatedPath))
      RETURNING \(unescaped: Self.sessionColumns)
      """, "create session \(id.uuidString.lowercased())")
    guard let row = rows.first else { throw StoreError.sessionNotFound(id.uuidString) }
    return try Self.record(row)
  }

  /// The session with exactly this id.
  public func session(id: UUID) throws -> SessionRecord {
    let text = id.uuidString.lowercased()
    let rows = try connection.query(
      "SELECT \(unescaped: Self.sessionColumns) FROM sessions WHERE id = \(id)",
      "read session \(text)")
    guard let row = rows.first else { throw StoreError.sessionNotFound(text) }
    return try Self.record(row)
  }

  /// The one session whose id starts with `prefix` (case-insensitive; a full id works too).
  ///
  /// - Throws: ``StoreError/sessionNotFound(_:)`` or ``StoreError/ambiguousSession(_:matches:)``.
  public func session(matching prefix: String) throws -> SessionRecord {
    let needle = prefix.lowercased()
    guard !needle.isEmpty, needle.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
      throw StoreError.sessionNotFound(prefix)
    }
    // left() on the id's text: hex digits and '-' need no escaping, as in SQLite's substr().
    let rows = try connection.query(
      """
      SELECT \(unescaped: Self.sessionColumns) FROM sessions
      WHERE left(id::text, \(Int32(clamping: needle.count))) = \(needle) ORDER BY id LIMIT 3
      """, "find session \(needle)")
    let matches = try rows.map(Self.record)
    guard let first = matches.first else { throw StoreError.sessionNotFound(prefix) }
    guard matches.count == 1 else {
      throw StoreError.ambiguousSession(prefix, matches: matches.map(\.idString))
    }
    return first
  }

  /// Every session, oldest start first.
  public func sessions() throws -> [SessionRecord] {
    try connection.query(
      "SELECT \(unescaped: Self.sessionColumns) FROM sessions ORDER BY started_ms, created_ms, id",
      "list sessions"
    ).map(Self.record)
  }

  /// Marks a session as ended at `date`.
  public func endSession(_ id: UUID, at date: Date) throws {
    let result = try connection.query(
      "UPDATE sessions SET ended_ms = \(UnixMilliseconds(date).value) WHERE id = \(id)",
      "end session \(id.uuidString.lowercased())")
    guard result.metadata.rows == 1 else { throw StoreError.sessionNotFound(id.uuidString) }
  }

  /// Deletes a session with its events and checkpoints (one statement: the rows cascade).
  public func deleteSession(_ id: UUID) throws {
    let result = try connection.query(
      "DELETE FROM sessions WHERE id = \(id)", "delete session \(id.uuidString.lowercased())")
    guard result.metadata.rows == 1 else { throw StoreError.sessionNotFound(id.uuidString) }
  }

  /// A session row, checked as SQLite's rows are (a count no writer stores is damage).
  static func record(_ row: PostgresRow) throws -> SessionRecord {
    let cells = row.makeRandomAccess()
    func column<Value: PostgresDecodable>(_ index: Int, _: Value.Type = Value.self) throws -> Value
    {
      try cells[index].decode(Value.self)
    }
    let id: UUID = try column(0)
    let created: Int64 = try column(2)
    let started: Int64 = try column(3)
    let ended: Int64? = try column(4)
    let eventCount: Int64 = try column(12)
    let lastT: Double = try column(13)
    let idText = id.uuidString.lowercased()
    guard (0...EventStore.maxEventCount).contains(eventCount), lastT.isFinite, lastT >= 0,
      [created, started, ended ?? 0].allSatisfy(UnixMilliseconds.storable.contains)
    else {
      throw StoreError.corruptEvent(
        session: idText, seq: 0, reason: "its head or times are damaged")
    }
    let audio = try column(5, String?.self).map {
      RecordedAudio(
        path: $0, sha256: try column(6), frames: try column(7), sampleRate: try column(8),
        channels: try column(9), locatedPath: try column(14))
    }
    return SessionRecord(
      id: id, title: try column(1), createdAt: UnixMilliseconds(value: created),
      startedAt: UnixMilliseconds(value: started),
      endedAt: ended.map(UnixMilliseconds.init(value:)), audio: audio,
      sharp9Version: try column(10), reducerVersion: try column(11), eventCount: eventCount,
      lastT: lastT)
  }
}
