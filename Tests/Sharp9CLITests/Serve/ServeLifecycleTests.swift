import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `sharp9 serve` as a user runs it: it stops on SIGTERM and Ctrl-C even with a live stream
/// open, and a command line it cannot serve ends at once with a sentence and its status.
@Suite(.serialized) struct ServeLifecycleTests {
  static let script = """
    {"type":"togglePlay","t":0}
    {"type":"setA","timeSec":0.25,"t":1}

    """

  /// A store with one imported session; its id.
  static func store() async throws -> (StoreCLI, String) {
    let cli = try StoreCLI()
    let imported = try await cli.run(["import", "-"], input: script)
    #expect(imported.status == 0, "\(imported.stderr)")
    let id = try #require(imported.stdout.split(separator: "\n").last.map(String.init))
    return (cli, id)
  }

  @Test(arguments: [SIGTERM, SIGINT])
  func aSignalEndsServeWithinTwoSecondsWhileAStreamIsOpen(signal: Int32) async throws {
    let (cli, id) = try await Self.store()
    let serve = try ServeProcess(cli, ["serve", "--port", "0"])
    let port = try await serve.port()
    let stream = try LoopbackConnection(port: port, get: "/api/sessions/\(id)/live?after=0")
    let opened = stream.read(until: "event: events")
    #expect(opened.text.contains("event: events"), "\(opened.text)")
    serve.send(signal)
    let took = try await serve.waitForExit(timeout: .seconds(2))
    #expect(took != nil, "serve still runs 2 s after signal \(signal); stderr: \(serve.stderr)")
    if took != nil {
      #expect(try await serve.exitStatus(within: .zero) == 0, "\(serve.stderr)")
      #expect(stream.read().ended)
    }
  }

  /// An upload that never finishes (a slow or stalled client) does not hold the exit: what is
  /// still open a second after the signal is cancelled.
  @Test func aSignalEndsServeWithinTwoSecondsWhileAnUploadStalls() async throws {
    let (cli, _) = try await Self.store()
    let serve = try ServeProcess(cli, ["serve", "--port", "0"])
    let port = try await serve.port()
    let upload = try LoopbackConnection(
      port: port,
      send: "POST /api/bundles HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        + "X-Sharp9-Token: \(serve.token)\r\nContent-Length: 100000\r\n\r\nSQLite format 3")
    try await Task.sleep(for: .milliseconds(300))  // the request reaches its handler
    serve.send(SIGTERM)
    let took = try await serve.waitForExit(timeout: .seconds(2))
    #expect(took != nil, "serve still runs 2 s after SIGTERM; stderr: \(serve.stderr)")
    if took != nil {
      #expect(try await serve.exitStatus(within: .zero) == 0, "\(serve.stderr)")
    }
    withExtendedLifetime(upload) {}
  }

  /// Four minutes played at 0.75x: a render that takes seconds (16 s in a debug build).
  static let longSession = """
    {"session":{"startedAt":"2026-11-21T19:00:00.000Z","audio":"tone.wav","title":"long"}}
    {"type":"importPicked","url":"tone.wav","t":0}
    {"type":"importSucceeded","track":{"name":"tone.wav","durationSec":250},"t":0.1}
    {"type":"speedDelta","delta":-0.25,"t":0.2}
    {"type":"togglePlay","t":0.5}
    {"type":"clearToastIfExpired","t":240}

    """

  /// Work that cannot be cancelled (a render on a thread of its own) does not hold the exit.
  @Test func aSignalEndsServeWithinTwoSecondsWhileARenderRuns() async throws {
    let cli = try StoreCLI()
    let id = try await cli.importSession(Self.longSession, named: "long.jsonl", toneSeconds: 250)
    let serve = try ServeProcess(cli, ["serve", "--port", "0"])
    let port = try await serve.port()
    let render = try LoopbackConnection(port: port, get: "/api/sessions/\(id)/render.wav")
    try await Task.sleep(for: .milliseconds(500))  // the render has started
    serve.send(SIGTERM)
    let took = try await serve.waitForExit(timeout: .seconds(2))
    #expect(took != nil, "serve still runs 2 s after SIGTERM; stderr: \(serve.stderr)")
    if took != nil {
      #expect(try await serve.exitStatus(within: .zero) == 0, "\(serve.stderr)")
    }
    withExtendedLifetime(render) {}
  }

  @Test func aPortInUseIsStatus69WithASentence() async throws {
    let (cli, _) = try await Self.store()
    let (listener, port) = try Self.occupiedPort()
    defer { close(listener) }
    let serve = try ServeProcess(cli, ["serve", "--port", "\(port)"])
    #expect(try await serve.exitStatus(within: .seconds(10)) == 69, "\(serve.stderr)")
    #expect(
      serve.stderr
        == "sharp9: error: cannot listen on 127.0.0.1:\(port): the port is in use. Stop the other"
        + " server or pass --port\n")
  }

  @Test(arguments: ["70000", "65536", "-1", "99999999999999999999"])
  func aPortOutsideTheRangeIsAUsageError(port: String) async throws {
    let (cli, _) = try await Self.store()
    let serve = try ServeProcess(cli, ["serve", "--port", port])
    #expect(try await serve.exitStatus(within: .seconds(10)) == 64, "\(serve.stderr)")
    #expect(serve.stderr.hasPrefix("sharp9: error: invalid command line: "), "\(serve.stderr)")
    #expect(serve.stderr.contains("--port"), "\(serve.stderr)")
    #expect(serve.stdout.isEmpty)
  }

  @Test(arguments: ["missing/folder/sharp9.sqlite", "missing.sqlite"])
  func aMissingDatabaseIsStatus66AndNothingIsCreated(path: String) async throws {
    let cli = try StoreCLI()
    let database = cli.directory.appending(path: path).path
    let serve = try ServeProcess(cli, ["serve", "--port", "0", "--db", database], database: false)
    #expect(try await serve.exitStatus(within: .seconds(10)) == 66, "\(serve.stderr)")
    #expect(
      serve.stderr
        == "sharp9: error: cannot open the database: there is no sharp9 database at \(database)."
        + " Record or import a session first, or give the database with --db\n")
    #expect(!FileManager.default.fileExists(atPath: database))
    #expect(!FileManager.default.fileExists(atPath: cli.directory.appending(path: "missing").path))
    let sessions = try await cli.run(["sessions", "--db", database], database: false)
    #expect(sessions.status == 66)
  }

  /// A socket listening on a free loopback port, and the port.
  static func occupiedPort() throws -> (Int32, Int) {
    #if canImport(Glibc)
      let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
    #endif
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, length) == 0 && listen(socket, 1) == 0
          && getsockname(socket, $0, &length) == 0
      }
    }
    guard bound else { throw POSIXError(.EADDRINUSE) }
    return (socket, Int(UInt16(bigEndian: address.sin_port)))
  }
}
