import Foundation
import Sharp9Domain

extension EventStore {
  private static let sessionColumns = """
    pk, id, title, created_ms, started_ms, ended_ms, audio_path, audio_sha256, audio_frames,
    audio_sample_rate, audio_channels, sharp9_version, reducer_version, event_count, last_t,
    audio_located_path
    """

  /// The largest event count a session row may hold (far above any recording, far below where
  /// sequence arithmetic could overflow); a row read with another count is damage.
  static let maxEventCount: Int64 = 1 << 40

  /// Creates an empty session with the given id (a new random one by default).
  public func createSession(_ new: NewSession, id: UUID = UUID()) throws -> SessionRecord {
    let insert = try database.cached(
      """
      INSERT INTO sessions (id, title, created_ms, started_ms, audio_path, audio_sha256,
        audio_frames, audio_sample_rate, audio_channels, sharp9_version, reducer_version,
        audio_located_path)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """)
    try insert.bind(id.uuidString.lowercased(), at: 1)
    try insert.bind(new.title, at: 2)
    try insert.bind(UnixMilliseconds(Date()).value, at: 3)
    try insert.bind(UnixMilliseconds(new.startedAt).value, at: 4)
    try insert.bind(new.audio?.path, at: 5)
    try insert.bind(new.audio?.sha256, at: 6)
    try insert.bind(new.audio?.frames, at: 7)
    try insert.bind(new.audio?.sampleRate, at: 8)
    try insert.bind(new.audio?.channels, at: 9)
    try insert.bind(new.sharp9Version, at: 10)
    try insert.bind(new.reducerVersion, at: 11)
    try insert.bind(new.audio?.locatedPath, at: 12)
    try insert.run()
    return try session(id: id)
  }

  /// The session with exactly this id.
  public func session(id: UUID) throws -> SessionRecord {
    let select = try database.cached("SELECT \(Self.sessionColumns) FROM sessions WHERE id = ?")
    let text = id.uuidString.lowercased()
    try select.bind(text, at: 1)
    guard let record = try select.firstRow(Self.record) else {
      throw StoreError.sessionNotFound(text)
    }
    return record
  }

  /// The one session whose id starts with `prefix` (case-insensitive; a full id works too).
  ///
  /// - Throws: ``StoreError/sessionNotFound(_:)`` or ``StoreError/ambiguousSession(_:matches:)``.
  public func session(matching prefix: String) throws -> SessionRecord {
    let needle = prefix.lowercased()
    guard !needle.isEmpty, needle.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
      throw StoreError.sessionNotFound(prefix)
    }
    // substr() instead of LIKE: '-' and hex digits need no escaping, and case is normalized.
    let select = try database.cached(
      "SELECT \(Self.sessionColumns) FROM sessions WHERE substr(id, 1, ?) = ? ORDER BY id LIMIT 3")
    try select.bind(Int64(needle.count), at: 1)
    try select.bind(needle, at: 2)
    var matches: [SessionRecord] = []
    while try select.step() { matches.append(try Self.record(select)) }
    guard let first = matches.first else { throw StoreError.sessionNotFound(prefix) }
    guard matches.count == 1 else {
      throw StoreError.ambiguousSession(prefix, matches: matches.map(\.idString))
    }
    return first
  }

  /// Every session, oldest start first.
  public func sessions() throws -> [SessionRecord] {
    let select = try database.cached(
      "SELECT \(Self.sessionColumns) FROM sessions ORDER BY started_ms, created_ms, id")
    var all: [SessionRecord] = []
    while try select.step() { all.append(try Self.record(select)) }
    return all
  }

  /// Marks a session as ended at `date`.
  public func endSession(_ id: UUID, at date: Date) throws {
    let update = try database.cached("UPDATE sessions SET ended_ms = ? WHERE id = ?")
    try update.bind(UnixMilliseconds(date).value, at: 1)
    try update.bind(id.uuidString.lowercased(), at: 2)
    try update.run()
    guard database.changes == 1 else { throw StoreError.sessionNotFound(id.uuidString) }
  }

  /// Deletes a session with its events and checkpoints, in one transaction.
  public func deleteSession(_ id: UUID) throws {
    try database.transaction {
      let delete = try database.cached("DELETE FROM sessions WHERE id = ?")
      try delete.bind(id.uuidString.lowercased(), at: 1)
      try delete.run()
      guard database.changes == 1 else { throw StoreError.sessionNotFound(id.uuidString) }
    }
  }

  private static func record(_ row: Statement) throws -> SessionRecord {
    let idText = row.text(1) ?? ""
    guard let id = UUID(uuidString: idText) else {
      throw StoreError.corruptEvent(session: idText, seq: 0, reason: "the session id is not a UUID")
    }
    // A bundle is a database from outside: a count no writer stores would make arithmetic on
    // sequence numbers trap.
    let eventCount = row.int64(13)
    guard (0...maxEventCount).contains(eventCount) else {
      throw StoreError.corruptEvent(
        session: idText, seq: 0, reason: "its event count (\(eventCount)) is not a count")
    }
    let times = [row.int64(3), row.int64(4), row.optionalInt64(5) ?? 0]
    guard times.allSatisfy(UnixMilliseconds.storable.contains) else {
      throw StoreError.corruptEvent(
        session: idText, seq: 0, reason: "its times (\(times)) are not dates")
    }
    let lastT = row.double(14)
    guard lastT.isFinite, lastT >= 0 else {
      throw StoreError.corruptEvent(
        session: idText, seq: 0, reason: "its last t (\(lastT)) is not a time")
    }
    let audio = row.text(6).map { path in
      RecordedAudio(
        path: path, sha256: row.text(7), frames: row.optionalInt64(8),
        sampleRate: row.optionalInt64(9), channels: row.optionalInt64(10),
        locatedPath: row.text(15))
    }
    return SessionRecord(
      id: id, title: row.text(2) ?? "",
      createdAt: UnixMilliseconds(value: row.int64(3)),
      startedAt: UnixMilliseconds(value: row.int64(4)),
      endedAt: row.optionalInt64(5).map(UnixMilliseconds.init(value:)), audio: audio,
      sharp9Version: row.text(11) ?? "", reducerVersion: row.text(12) ?? "",
      eventCount: eventCount, lastT: lastT)
  }
}
