import CSQLite
import Foundation
import Testing

@testable import Sharp9Store

@Suite struct SQLiteTests {
  @Test(arguments: StoreKind.allCases) func errorCarriesCodeMessageAndSQL(kind: StoreKind) throws {
    let fixture = try StoreFixture(kind)
    let database = fixture.store.database
    try database.execute("CREATE TABLE pairs (k INTEGER PRIMARY KEY, v TEXT) STRICT")
    let insert = try database.cached("INSERT INTO pairs (k, v) VALUES (?, ?)")
    try insert.bind(Int64(1), at: 1)
    try insert.bind("secret value", at: 2)
    try insert.run()
    let again = try database.cached("INSERT INTO pairs (k, v) VALUES (?, ?)")
    try again.bind(Int64(1), at: 1)
    try again.bind("secret value", at: 2)
    let error = try #require(throws: SQLiteError.self) { try again.run() }
    #expect(error.code == SQLITE_CONSTRAINT | (6 << 8))
    #expect(error.isUniqueViolation)
    #expect(error.message == "UNIQUE constraint failed: pairs.k")
    #expect(error.sql == "INSERT INTO pairs (k, v) VALUES (?, ?)")
    #expect(!error.description.contains("secret value"))
  }

  @Test func prepareErrorNamesTheSQL() throws {
    let database = try Database(path: ":memory:")
    let error = try #require(throws: SQLiteError.self) { try database.prepare("SELEC 1") }
    #expect(error.primaryCode == SQLITE_ERROR)
    #expect(error.description.hasPrefix("SQLite error 1 during prepare statement: near \"SELEC\""))
    #expect(error.description.hasSuffix("[SQL: SELEC 1]"))
  }

  @Test func transactionRollsBackWhenTheBodyThrows() throws {
    let database = try Database(path: ":memory:")
    try database.execute("CREATE TABLE numbers (n INTEGER) STRICT")
    struct Planned: Error {}
    #expect(throws: Planned.self) {
      try database.transaction {
        try database.execute("INSERT INTO numbers VALUES (1)")
        throw Planned()
      }
    }
    #expect(try database.scalarText("SELECT count(*) FROM numbers") == "0")
    #expect(!database.isInTransaction)
  }

  /// A read transaction sees one snapshot while another connection commits, ends with the body,
  /// and leaves no transaction on failure.
  @Test func readingSeesOneSnapshotAndEnds() throws {
    let directory = FileManager.default.temporaryDirectory.appending(path: "sharp9-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appending(path: "read.sqlite").path
    let reader = try EventStore(path: path).database
    let writer = try EventStore(path: path).database
    try writer.execute("CREATE TABLE numbers (n INTEGER) STRICT; INSERT INTO numbers VALUES (1)")
    let counts = try reader.reading {
      let before = try reader.scalarText("SELECT count(*) FROM numbers")
      try writer.execute("INSERT INTO numbers VALUES (2)")
      return [before, try reader.scalarText("SELECT count(*) FROM numbers")]
    }
    #expect(counts == ["1", "1"])
    #expect(!reader.isInTransaction)
    #expect(try reader.scalarText("SELECT count(*) FROM numbers") == "2")
    struct Planned: Error {}
    #expect(throws: Planned.self) {
      try reader.reading {
        _ = try reader.scalarText("SELECT count(*) FROM numbers")
        throw Planned()
      }
    }
    #expect(!reader.isInTransaction)
  }

  @Test func notADatabaseIsAClearError() throws {
    let directory = FileManager.default.temporaryDirectory.appending(path: "sharp9-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appending(path: "notes.sqlite").path
    try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
    let error = try #require(throws: SQLiteError.self) { try EventStore(path: path) }
    #expect(error.primaryCode == SQLITE_NOTADB)
    #expect(error.description.contains("not an intact sharp9 database"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(repeating: 0x41, count: 4096))
  }
}
