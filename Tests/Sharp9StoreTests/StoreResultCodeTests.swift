import CSQLite
import Testing

@testable import Sharp9Store

/// What a failure means is decided once, in the store: each backend's native codes map onto
/// ``StoreResultCode``, so front ends never look at SQLite's or PostgreSQL's numbers.
@Suite struct StoreResultCodeTests {
  @Test(arguments: [
    (SQLITE_BUSY, StoreResultCode.busy), (SQLITE_LOCKED, .busy), (SQLITE_CORRUPT, .corrupt),
    (SQLITE_NOTADB, .corrupt), (SQLITE_CONSTRAINT | (6 << 8), .invalidValue),
    (SQLITE_TOOBIG, .invalidValue), (SQLITE_READONLY, .readOnly), (SQLITE_FULL, .full),
    (SQLITE_IOERR | (3 << 8), .ioFailure), (SQLITE_CANTOPEN, .cannotOpen),
    (SQLITE_MISUSE, .internalError), (SQLITE_ERROR, .internalError),
  ])
  func sqliteCodesMapByTheirPrimaryCode(_ code: Int32, _ expected: StoreResultCode) {
    let error = SQLiteError(code: code, message: "m", operation: "o")
    #expect(error.resultCode == expected)
    #expect(error.backend == .sqlite)
    #expect(error.nativeCode == String(code))
  }

  @Test(arguments: [
    (String?("40001"), StoreResultCode.busy), ("40P01", .busy), ("55P03", .busy),
    ("25006", .readOnly),
    ("53100", .full), ("58030", .ioFailure), ("XX001", .corrupt), ("23505", .invalidValue),
    ("22003", .invalidValue), ("28P01", .cannotOpen), ("3D000", .cannotOpen),
    ("08006", .unavailable), ("57P01", .unavailable), ("53300", .unavailable),
    ("42P01", .internalError), (nil, .unavailable),
  ])
  func postgresCodesMapBySQLSTATE(_ code: String?, _ expected: StoreResultCode) {
    let error = PostgresError(code: code, message: "m", operation: "o")
    #expect(error.resultCode == expected)
    #expect(error.backend == .postgres)
    #expect(error.nativeCode == code ?? "none")
  }

  @Test func theStoresOwnErrorsCarryTheirCode() {
    let cases: [(any StoreFailure, StoreResultCode)] = [
      (StoreError.databaseMissing(path: "p"), .missing),
      (StoreError.sessionNotFound("ab"), .notFound),
      (StoreError.ambiguousSession("a", matches: []), .invalidRequest),
      (StoreError.sequenceOutOfRange(session: "s", seq: 9, count: 1), .invalidRequest),
      (StoreError.invalidStoreURL(url: "x", reason: "y"), .invalidRequest),
      (StoreError.conflict(session: "s", expected: 1, actual: 2), .conflict),
      (StoreError.invalidTime(seq: 1, t: -1, previous: 0), .invalidData),
      (StoreError.noActions, .invalidData),
      (StoreError.corruptEvent(session: "s", seq: 1, reason: "r"), .corrupt),
      (StoreError.unsupported(operation: "o", backend: .postgres), .unsupported),
      (MigrationError.notSharp9(path: "p"), .incompatible),
      (ActionCodec.DecodingError.truncated, .corrupt),
    ]
    for (error, code) in cases { #expect(error.resultCode == code, "\(error)") }
  }
}
