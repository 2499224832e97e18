import CSQLite
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Sharp9Domain
import Sharp9Store
import Testing

@testable import Sharp9Server

/// What the API answers when something fails: a client's mistake is 4xx, the database's trouble
/// 503, and no body ever carries SQL or a file path.
@Suite struct InspectorErrorTests {
  /// True when `body` shows nothing of the server's insides.
  static func isClean(_ body: String) -> Bool {
    !body.contains("SQL") && !body.contains("/") && !body.contains("PRAGMA")
      && !body.contains("SELECT") && !body.contains("sqlite") && !body.contains("error(")
  }

  /// Uploads of every kind that is not an intact bundle, drawn from a seeded generator.
  static func badUploads(bundle: [UInt8], foreign: [UInt8], sharp9: [UInt8]) -> [(String, [UInt8])]
  {
    var random = SplitMix64(seed: 21)
    func noise(_ count: Int) -> [UInt8] {
      (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
    }
    let magic = Array("SQLite format 3\u{0}".utf8)
    var uploads: [(String, [UInt8])] = [("empty", [])]
    for length in [1, 2, 15, 16, 17, 99, 100, 101, 512, 4095, 4096, 4097, 65_536] {
      uploads.append(("\(length) random bytes", noise(length)))
      uploads.append(("the SQLite header and \(length) random bytes", magic + noise(length)))
    }
    uploads.append(("a text file", Array("session notes\n/etc/passwd\nSELECT 1;\n".utf8)))
    uploads.append(("a JSON Lines script", Array(#"{"type":"togglePlay","t":0}"#.utf8)))
    for cut in [16, 50, 100, 1024, 4096, bundle.count / 2, bundle.count - 4096] {
      uploads.append(("the bundle cut at \(cut) bytes", Array(bundle.prefix(cut))))
    }
    uploads.append(("an SQLite file of another application", foreign))
    uploads.append(("a sharp9 database that is not a bundle", sharp9))
    let pageSize = 4096
    for round in 0..<12 {
      // Pages after the first (the header and schema stay readable) overwritten in part.
      var damaged = bundle
      let page = Int.random(in: 1..<max(2, bundle.count / pageSize), using: &random)
      let start = page * pageSize + Int.random(in: 0..<pageSize / 2, using: &random)
      let count = min(Int.random(in: 8...pageSize, using: &random), damaged.count - start)
      if count > 0 { damaged.replaceSubrange(start..<start + count, with: noise(count)) }
      uploads.append(("the bundle with page \(page) damaged (round \(round))", damaged))
    }
    return uploads
  }

  @Test func everyBadUploadIs4xxWithASentenceAndNoInternals() async throws {
    let fixture = try await InspectorFixture(maxUploadBytes: 1 << 20)
    let bundleFile = fixture.directory.appending(path: "good.sharp9")
    try fixture.sharp9(["bundle", fixture.id, "-o", bundleFile.path])
    let bundle = Array(try Data(contentsOf: bundleFile))
    let foreignFile = fixture.directory.appending(path: "foreign.sqlite")
    try Database(path: foreignFile.path).execute("CREATE TABLE notes(id INTEGER, text TEXT)")
    let foreign = Array(try Data(contentsOf: foreignFile))
    let sharp9 = Array(try Data(contentsOf: URL(fileURLWithPath: fixture.database)))
    let uploads = Self.badUploads(bundle: bundle, foreign: foreign, sharp9: sharp9)
    let id = fixture.id
    try await fixture.test { client in
      _ = try await client.execute(uri: "/api/sessions/\(id)", method: .delete, headers: withToken)
      for (name, bytes) in uploads {
        let response = try await client.execute(
          uri: "/api/bundles", method: .post, headers: withToken, body: ByteBuffer(bytes: bytes))
        if name.contains("damaged"), response.status.code < 300 {
          // The damage fell where nothing reads it: an intact import. Take it out again.
          _ = try await client.execute(
            uri: "/api/sessions/\(id)", method: .delete, headers: withToken)
          continue
        }
        #expect((400..<500).contains(response.status.code), "\(name): \(response.status)")
        #expect(Self.isClean(response.text), "\(name): \(response.text)")
        #expect(response.text.hasPrefix(#"{"error":""#), "\(name): \(response.text)")
      }
      let sessions = try await client.execute(uri: "/api/sessions", method: .get)
      #expect(sessions.text == "[]\n")
    }
  }

  /// The routes a page uses, each for the fixture's session.
  static func routes(_ id: String) -> [String] {
    [
      "/api/sessions", "/api/sessions/\(id)", "/api/sessions/\(id)/state?at=3",
      "/api/sessions/\(id)/events", "/api/sessions/\(id)/index", "/api/sessions/\(id)/times",
      "/api/sessions/\(id)/search?q=loop", "/api/sessions/\(id)/history",
      "/api/sessions/\(id)/verify", "/api/sessions/\(id)/check",
      "/api/sessions/\(id)/export.jsonl", "/api/sessions/\(id)/timeline",
      "/api/sessions/\(id)/peaks", "/api/sessions/\(id)/render.wav",
      "/api/sessions/\(id)/bundle.sharp9",
    ]
  }

  @Test(arguments: ["moved", "deleted", "replaced"])
  func aDatabaseMovedOrReplacedGivesEveryRouteTheSame503(change: String) async throws {
    let fixture = try await InspectorFixture()
    let id = fixture.id
    let database = URL(fileURLWithPath: fixture.database)
    // Another database, with a session of the same id and more events, to put in its place.
    let other = fixture.directory.appending(path: "other.sqlite")
    try FileManager.default.copyItem(at: database, to: other)
    try await fixture.test { client in
      let before = try await client.execute(uri: "/api/sessions", method: .get)
      #expect(before.status == .ok)
      switch change {
      case "moved":
        try FileManager.default.moveItem(at: database, to: database.appendingPathExtension("old"))
      case "deleted": try FileManager.default.removeItem(at: database)
      default:
        try FileManager.default.moveItem(at: database, to: database.appendingPathExtension("old"))
        try FileManager.default.moveItem(at: other, to: database)
      }
      var bodies: Set<String> = []
      for uri in Self.routes(id) + ["/api/sessions/\(id)/live"] {
        let response = try await client.execute(uri: uri, method: .get)
        #expect(response.status == .serviceUnavailable, "\(uri): \(response.status)")
        bodies.insert(response.text)
      }
      let fork = try await client.execute(
        uri: "/api/sessions/\(id)/fork?at=2", method: .post, headers: withToken)
      #expect(fork.status == .serviceUnavailable)
      bodies.insert(fork.text)
      #expect(bodies.count == 1, "\(bodies)")
      #expect(bodies.allSatisfy { Self.isClean($0) && $0.contains("restart sharp9 serve") })
    }
  }

  @Test func aDamagedDatabaseIs503WithoutSQL() async throws {
    let fixture = try await InspectorFixture()
    let id = fixture.id
    try await fixture.test { client in
      // Every page after the first overwritten in place (same file, same inode).
      let handle = try FileHandle(forUpdating: URL(fileURLWithPath: fixture.database))
      let size = try handle.seekToEnd()
      try handle.seek(toOffset: 4096)
      try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 4096))
      try handle.close()
      for uri in ["/api/sessions/\(id)/export.jsonl", "/api/sessions/\(id)/verify"] {
        let response = try await client.execute(uri: uri, method: .get)
        #expect(response.status == .serviceUnavailable, "\(uri): \(response.status)")
        #expect(Self.isClean(response.text), "\(uri): \(response.text)")
      }
    }
  }

  /// Every SQLite result code, with SQL and a path in its message: never a body with either.
  @Test func noDatabaseErrorPutsItsSQLOrPathInTheAnswer() {
    for code in Int32(1)...Int32(28) {
      let error = SQLiteError(
        code: code, message: "unable to open /home/user/.local/share/sharp9/sharp9.sqlite",
        operation: "open /home/user/.local/share/sharp9/sharp9.sqlite",
        sql: "SELECT id FROM sessions")
      for wrapped in [error, UploadFailure(underlying: error)] as [any Error] {
        let answer = APIErrorAnswer(wrapped)
        #expect(Self.isClean(answer.message), "\(code): \(answer.message)")
        #expect(answer.status.code >= 400, "\(code)")
      }
    }
    let others: [any Error] = [
      StoreError.databaseMissing(path: "/home/user/sharp9.sqlite"),
      StoreError.corruptEvent(session: "3F2A", seq: 4, reason: "in /home/user/sharp9.sqlite"),
      MigrationError.notSharp9(path: "/tmp/x.sharp9"),
      MigrationError.unknownMigration(path: "/tmp/x.sharp9", id: 9, name: "future"),
      BundleError.notABundle(path: "/tmp/uploads/x.sharp9"),
      BundleError.writeFailed(path: "/tmp/x.sharp9", reason: "/tmp is full"),
      BundleError.failsVerification(path: "/tmp/x.sharp9", seq: 3),
      DatabaseFile.Changed(path: "/home/user/sharp9.sqlite"),
      CocoaError(.fileWriteOutOfSpace, userInfo: [NSFilePathErrorKey: "/tmp/x"]),
      PostgresError(
        code: nil, message: "connect to /home/user/pg/.s.PGSQL.5432 failed",
        operation: "connect to postgres://sharp9@/sharp9?host=/home/user/pg"),
      PostgresError(
        code: "42P01", message: "relation \"events\" does not exist",
        operation: "SELECT id FROM sessions"),
    ]
    for error in others {
      let answer = APIErrorAnswer(error)
      #expect(Self.isClean(answer.message), "\(error): \(answer.message)")
      #expect(answer.status.code >= 400)
    }
  }

  /// The status of a store failure comes from its result code, whichever backend threw it.
  @Test func aStoreFailuresStatusComesFromItsResultCode() {
    let cases: [(any Error, Int)] = [
      (StoreError.sessionNotFound("ab"), 404),
      (StoreError.conflict(session: "s", expected: 1, actual: 2), 409),
      (StoreError.unsupported(operation: "verify", backend: .postgres), 501),
      (PostgresError(code: nil, message: "refused", operation: "connect"), 503),
      (PostgresError(code: "40001", message: "serialize", operation: "append"), 503),
      (PostgresError(code: "42P01", message: "no table", operation: "read"), 500),
      (SQLiteError(code: 5, message: "busy", operation: "append"), 503),
    ]
    for (error, status) in cases {
      #expect(APIErrorAnswer(error).status.code == status, "\(error)")
    }
  }
}
