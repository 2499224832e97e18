import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `sharp9 tokens`, `sharp9 push` and `sharp9 pull` as whole command lines against a real
/// `sharp9 serve` process: on SQLite always, on PostgreSQL when a test cluster is given.
@Suite struct SyncCommandTests {
  /// Where the server's store is: an SQLite file of the test, or a PostgreSQL schema of its own.
  enum Backend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, postgres
    var testDescription: String { rawValue }

    /// The backends here: SQLite always, PostgreSQL with a cluster (or when required).
    static let available: [Backend] =
      StoreURLCommandTests.postgresEnabled ? [.sqlite, .postgres] : [.sqlite]

    /// The server store's options for `cli`.
    func options(_ cli: StoreCLI) throws -> [String] {
      switch self {
      case .sqlite: ["--db", cli.directory.appending(path: "server.sqlite").path]
      case .postgres:
        [
          "--store",
          try #require(
            StoreURLCommandTests.postgresURL,
            "SHARP9_REQUIRE_POSTGRES=1 but no SHARP9_TEST_POSTGRES"),
        ]
      }
    }
  }

  /// A session of `count` events (600 by default), then a short second session.
  static func deviceSessions(_ cli: StoreCLI, count: Int = 600) async throws -> [String] {
    var lines = [#"{"session":{"startedAt":"2026-11-20T10:00:00.000Z","title":"scales"}}"#]
    for n in 0..<count {
      lines.append(#"{"type":"setA","timeSec":\#(Double(n) / 100),"t":\#(Double(n) / 10)}"#)
    }
    let long = try cli.file("long.jsonl", lines.joined(separator: "\n") + "\n")
    let short = try cli.file(
      "short.jsonl",
      #"{"session":{"startedAt":"2026-11-21T10:00:00.000Z","title":"short"}}"# + "\n"
        + #"{"type":"togglePlay","t":0}"# + "\n" + #"{"type":"markNow","t":0.5}"# + "\n")
    var ids: [String] = []
    for file in [long, short] {
      let imported = try await cli.run(["import", file])
      #expect(imported.status == 0, "\(imported.stderr)")
      ids.append(imported.stdout.trimmingCharacters(in: .newlines))
    }
    return ids
  }

  /// A GET's status and body text.
  static func get(_ url: String) async throws -> (status: Int, text: String) {
    let (data, response) = try await URLSession.shared.data(from: try #require(URL(string: url)))
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
  }

  /// The token `tokens add` prints on its last line.
  static func token(_ cli: StoreCLI, _ name: String, _ server: [String], reader: Bool = false)
    async throws -> String
  {
    let added = try await cli.run(
      ["tokens", "add", name] + (reader ? ["--reader"] : []) + server, database: false)
    #expect(added.status == 0, "\(added.stderr)")
    return String(added.stdout.split(separator: "\n").last ?? "")
  }

  /// Push sends every session, cut in batches, and pushing again sends nothing; a reader pulls
  /// them into another database where they verify; pulling again fetches nothing; the server
  /// lists each session's device; a wrong or revoked token is refused with 77, another device's
  /// with 77, and a server that is not there is 75 after the attempts.
  @Test(arguments: Backend.available)
  func pushThenPullLeavesOneCopyThatVerifies(_ backend: Backend) async throws {
    let cli = try StoreCLI()
    let ids = try await Self.deviceSessions(cli)
    let server = try backend.options(cli)
    let phone = try await Self.token(cli, "phone", server)
    let teacher = try await Self.token(cli, "teacher", server, reader: true)
    let tablet = try await Self.token(cli, "tablet", server)
    #expect(phone.count == 64 && teacher.count == 64 && phone != teacher)
    let listed = try await cli.run(["tokens", "list"] + server, database: false)
    #expect(listed.stdout.contains("phone    device") && listed.stdout.contains("teacher  reader"))
    #expect(!listed.stdout.contains(phone))

    let serve = try ServeProcess(cli, ["serve", "--port", "0"] + server, database: false)
    let url = "http://127.0.0.1:\(try await serve.port())"
    let pushed = try await cli.run(["push", "--to", url, "--token", phone, "--batch-bytes", "4096"])
    #expect(pushed.status == 0, "\(pushed.stderr)")
    #expect(pushed.stdout.contains("\(ids[0]): sent 600 events, the server holds 600"))
    #expect(pushed.stdout.hasSuffix("pushed 602 events; everything is acknowledged\n"))
    let again = try await cli.run(["push", "--to", url, "--token", phone])
    #expect(again.stdout.hasSuffix("pushed 0 events; everything is acknowledged\n"))

    let pulled = cli.directory.appending(path: "pulled.sqlite").path
    for expected in [600, 0] {
      let pull = try await cli.run(
        ["pull", "--from", url, "--token", teacher, "--db", pulled], database: false)
      #expect(pull.status == 0, "\(pull.stderr)")
      #expect(pull.stdout.contains("\(ids[0]): fetched \(expected) events, 600 here (from phone)"))
    }
    for id in ids {
      let verify = try await cli.run(["verify", id, "--db", pulled], database: false)
      #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
      let local = try await cli.run(["export", id])
      let remote = try await cli.run(["export", id, "--db", pulled], database: false)
      #expect(local.stdout == remote.stdout)
    }
    let sessions = try await cli.run(["sessions", "--json"] + server, database: false)
    #expect(sessions.stdout.split(separator: "\n").allSatisfy { $0.contains(#""device":"phone""#) })

    // The inspector's own routes on the same server work on every backend.
    let listing = try await Self.get("\(url)/api/sessions")
    #expect(listing.status == 200 && listing.text.contains(#""device":"phone""#))
    let state = try await Self.get("\(url)/api/sessions/\(ids[0])/state")
    #expect(state.status == 200)
    // The timeline is the app core's on any store: the same answer from either backend (these
    // scripted sessions record no audio, so no track length).
    let timeline = try await Self.get("\(url)/api/sessions/\(ids[0])/timeline")
    #expect(timeline.status == 409, "\(timeline.text)")
    #expect(timeline.text.contains("track length is unknown"))
    // A bundle is an SQLite file, served from either backend and taken back by either: the
    // same session, already there.
    let bundleURL = try #require(URL(string: "\(url)/api/sessions/\(ids[0])/bundle.sharp9"))
    let (bundle, served) = try await URLSession.shared.data(from: bundleURL)
    #expect((served as? HTTPURLResponse)?.statusCode == 200, "\(backend)")
    #expect(bundle.starts(with: Array("SQLite format 3\u{0}".utf8)))
    var upload = URLRequest(url: try #require(URL(string: "\(url)/api/bundles")))
    upload.httpMethod = "POST"
    upload.setValue(serve.token, forHTTPHeaderField: "X-Sharp9-Token")
    let (answer, uploaded) = try await URLSession.shared.upload(for: upload, from: bundle)
    #expect((uploaded as? HTTPURLResponse)?.statusCode == 200, "\(backend)")
    #expect(String(decoding: answer, as: UTF8.self).contains(#""alreadyPresent":true"#))

    let other = try await cli.run(["push", "--to", url, "--token", tablet])
    #expect(other.status == 77)
    #expect(other.stderr.contains("belongs to another device"))
    _ = try await cli.run(["tokens", "revoke", "phone"] + server, database: false)
    let revoked = try await cli.run(["push", "--to", url, "--token", phone])
    #expect(revoked.status == 77)
    #expect(revoked.stderr.hasPrefix("sharp9: error: cannot push to \(url): the server refused"))
    #expect(revoked.stderr.split(separator: "\n").count == 1)
    let gone = try await cli.run(
      ["push", "--to", "http://127.0.0.1:1", "--token", teacher, "--attempts", "2"])
    #expect(gone.status == 75)
    #expect(gone.stderr.contains("no acknowledgement after 2 attempts"))
  }

  /// A pusher killed mid-push (20,000 events in batches of 1 KiB, killed once the server holds
  /// some but not all of them) leaves the server at some head; pushing again sends exactly the rest: one
  /// copy of every event, and the session verifies.
  @Test(arguments: Backend.available)
  func aPushKilledMidwayResumesToExactlyOneCopy(_ backend: Backend) async throws {
    let cli = try StoreCLI()
    let ids = try await Self.deviceSessions(cli, count: 20_000)
    let server = try backend.options(cli)
    let phone = try await Self.token(cli, "phone", server)
    let serve = try ServeProcess(cli, ["serve", "--port", "0"] + server, database: false)
    let url = "http://127.0.0.1:\(try await serve.port())"
    let pusher = try ServeProcess(
      cli, ["push", "--to", url, "--token", phone, "--batch-bytes", "1024"])
    // Killed as soon as the server holds part of the long session (polled through the API).
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(60)
    var seen: Int64 = 0
    while pusher.process.isRunning, clock.now < deadline {
      let head = try await cli.run(["sessions", "--json"] + server, database: false)
      if let line = head.stdout.split(separator: "\n").first(where: { $0.contains(ids[0]) }),
        let events = line.split(separator: #""events":"#).last?.prefix(while: \.isNumber),
        let count = Int64(events), count > 0
      {
        seen = count
        break
      }
    }
    kill(pusher.process.processIdentifier, SIGKILL)
    pusher.process.waitUntilExit()
    #expect(seen > 0 && seen < 20_000, "the kill did not land mid-push: \(seen)")
    let resumed = try await cli.run(["push", "--to", url, "--token", phone])
    #expect(resumed.status == 0, "\(resumed.stderr)")
    let export = try await cli.run(["export", ids[0]] + server, database: false)
    let local = try await cli.run(["export", ids[0]])
    #expect(export.stdout == local.stdout)
    let verify = try await cli.run(["verify", ids[0]] + server, database: false)
    #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
  }
}
