import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Store

/// Migration 0002 on a database written with schema 0001 (one row per event): the rows are packed
/// into chunks in the migration's transaction, and the sessions read, verify and keep recording
/// as before.
@Suite struct ChunkMigrationTests {
  /// A 0001-schema database on disk holding `sessions` (event counts), written the way sharp9
  /// 0001 wrote them; returns its path and each session's actions.
  private func oldDatabase(in directory: URL, sessions counts: [Int]) throws
    -> (path: String, sessions: [(id: UUID, actions: [(t: Double, action: Action)])])
  {
    let path = directory.appending(path: "old.sqlite").path
    let database = try Database(path: path)
    try database.execute("PRAGMA journal_mode = WAL")
    try MigrationRunner(migrations: [try #require(Migration.embedded.first)]).migrate(database)
    var written: [(UUID, [(t: Double, action: Action)])] = []
    try database.execute("BEGIN")
    defer { try? database.execute("COMMIT") }
    for (index, count) in counts.enumerated() {
      let id = UUID(uuidString: "00000000-0000-4000-8000-00000000000\(index + 1)") ?? UUID()
      let actions = Array(
        RandomSession.actions(count: count, seed: UInt64(index), session: id).prefix(count))
      let session = try database.prepare(
        """
        INSERT INTO sessions (id, title, created_ms, started_ms, sharp9_version, reducer_version,
          event_count, last_t)
        VALUES (?, 'old', 0, ?, 'old', ?, ?, ?)
        """)
      try session.bind(id.uuidString.lowercased(), at: 1)
      try session.bind(UnixMilliseconds(StoreFixture.startedAt).value, at: 2)
      try session.bind(Reducer.version, at: 3)
      try session.bind(Int64(count), at: 4)
      try session.bind(actions.last?.t ?? 0, at: 5)
      try session.run()
      let event = try database.prepare(
        "INSERT INTO events VALUES ((SELECT pk FROM sessions WHERE id = ?), ?, ?, ?)")
      for (offset, (t, action)) in actions.enumerated() {
        try event.reset()
        try event.bind(id.uuidString.lowercased(), at: 1)
        try event.bind(Int64(offset + 1), at: 2)
        try event.bind(t, at: 3)
        try event.bind(ActionCodec.encode(action), at: 4)
        try event.run()
      }
      written.append((id, actions))
    }
    return (path, written)
  }

  @Test func oneRowPerEventLogsArePackedIntoChunks() throws {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "sharp9-chunk-migration-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let old = try oldDatabase(in: directory, sessions: [600, 3, 0, 256])

    let store = try EventStore(path: old.path, synchronous: .normal)
    #expect(
      try store.database.scalarText("SELECT count(*) FROM sharp9_migrations")
        == String(Migration.embedded.count))
    #expect(
      try store.database.scalarText("SELECT count(*) FROM sqlite_schema WHERE name = 'events'")
        == "0")
    let layouts = [["1:256", "257:256", "513:88"], ["1:3"], [], ["1:256"]]
    for ((id, actions), layout) in zip(old.sessions, layouts) {
      let session = try store.session(id: id)
      #expect(try ChunkSurgery.layout(of: session, in: store) == layout)
      let read = try store.scriptedActions(of: session)
      #expect(read.actions.map(\.action) == actions.map(\.action))
      #expect(read.actions.map(\.t) == actions.map(\.t))
      #expect(
        try store.state(of: session)
          == foldFromScratch(actions, session: session, through: actions.count))
    }

    // Recording continues in the migrated tail chunk.
    let first = try store.session(id: old.sessions[0].id)
    let recorder = try Recorder(store: store, session: first)
    try recorder.send(.markNow, at: 1000)
    #expect(
      try ChunkSurgery.layout(of: first, in: store) == ["1:256", "257:256", "513:89"])
    let extended = try store.session(id: first.id)
    #expect(extended.eventCount == 601)
    #expect(try store.scriptedActions(of: extended).actions.last?.action == .markNow)
  }

  /// A gap in an old log stays a gap: the migration does not hide damage from replay.
  @Test func aGapInAnOldLogIsStillReported() throws {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "sharp9-chunk-migration-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let old = try oldDatabase(in: directory, sessions: [10])
    try Database(path: old.path).execute("DELETE FROM events WHERE seq = 4")

    let store = try EventStore(path: old.path, synchronous: .normal)
    let session = try store.session(id: old.sessions[0].id)
    #expect(try ChunkSurgery.layout(of: session, in: store) == ["1:3", "5:6"])
    #expect(
      throws: StoreError.corruptEvent(
        session: session.idString, seq: 4, reason: "the event is missing")
    ) { _ = try store.scriptedActions(of: session) }
  }
}
