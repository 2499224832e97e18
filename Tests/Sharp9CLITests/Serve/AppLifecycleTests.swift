import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `sharp9 app` as a musician runs it, on the null clock: a song given on the command line is
/// open at once, the page's input is recorded, and SIGTERM or Ctrl-C ends the session on a pause
/// and the process with status 0.
@Suite(.serialized) struct AppLifecycleTests {
  @Test(arguments: [SIGTERM, SIGINT])
  func aSignalEndsTheSessionOnAPause(signal: Int32) async throws {
    let cli = try StoreCLI()
    let (app, port) = try await Self.start(cli, toneSeconds: 120)
    let stream = try LoopbackConnection(port: port, get: "/api/app/live")
    let opened = stream.read(until: "\"track\":{\"name\":\"tone.wav\"")
    #expect(opened.text.contains("event: state"), "\(opened.text)")
    try Self.pressSpace(port: port, token: app.token)
    // The song's beat grid is analysed while it plays: the signal comes once it is logged (the
    // song is long enough not to end first however slowly the test runs: 30 s once did, at load
    // 24, and a song played to its end is paused there, with no pause left for the signal).
    for _ in 0..<200 {
      let sessions = try await cli.run(["sessions", "--json"]).stdout
      if sessions.contains("\"id\":\""),
        try await cli.run(["log", try await Self.session(cli)]).stdout.contains("beat grid: ")
      {
        break
      }
      try await Task.sleep(for: .milliseconds(100))
    }
    app.send(signal)
    let took = try await app.waitForExit(timeout: .seconds(5))
    #expect(took != nil, "app still runs 5 s after signal \(signal); stderr: \(app.stderr)")
    guard took != nil else { return }
    #expect(try await app.exitStatus(within: .zero) == 0, "\(app.stderr)")
    let id = try await Self.session(cli)
    let (musician, log) = try await Self.musiciansLines(cli, session: id)
    // Open, loaded, play, and the pause the signal made; the song's beat grid among them.
    #expect(musician.count == 4, "\(log)")
    #expect(log.contains("beat grid: "), "\(log)")
    #expect(musician.last?.contains("play/pause  → pause") == true, "\(log)\n\(app.stderr)")
    #expect(try await cli.run(["verify", id]).status == 0)
  }

  /// Closing the last page ends the session on a pause once the grace (`--close-after`) has
  /// passed, as the close button does; the process goes on. A page back within the grace (a
  /// reload) keeps the session open.
  @Test func theLastPageGoneEndsTheSessionOnAPause() async throws {
    let cli = try StoreCLI()
    // A grace long enough for a reload on a loaded machine; the end is waited for, not timed.
    let (app, port) = try await Self.start(cli, toneSeconds: 60, ["--close-after", "5"])
    func follow() -> LoopbackConnection? {
      let stream = try? LoopbackConnection(port: port, get: "/api/app/live")
      _ = stream?.read(until: "\"track\":{\"name\":\"tone.wav\"")
      return stream
    }
    var page = follow()
    try Self.pressSpace(port: port, token: app.token)
    try await Task.sleep(for: .milliseconds(300))
    // A reload: the page goes and comes back within the grace; the session plays on.
    page = nil
    try await Task.sleep(for: .milliseconds(300))
    page = follow()
    try await Task.sleep(for: .seconds(6))
    let id = try await Self.session(cli)
    let (playing, log) = try await Self.musiciansLines(cli, session: id)
    #expect(playing.last?.contains("→ play") == true, "\(log)")
    #expect(page != nil)

    // The tab closed: after the grace (and the heartbeat that notices), the session ended on a
    // pause and records nothing more; the app still runs.
    page = nil
    var (musician, ended) = try await Self.musiciansLines(cli, session: id)
    for _ in 0..<300 where musician.last?.contains("play/pause  → pause") != true {
      try await Task.sleep(for: .milliseconds(100))
      (musician, ended) = try await Self.musiciansLines(cli, session: id)
    }
    #expect(musician.last?.contains("play/pause  → pause") == true, "\(ended)")
    // The session's last tick follows its pause once the fade has played; after it, nothing.
    try await Task.sleep(for: .seconds(1))
    let final = try await cli.run(["log", id]).stdout
    try await Task.sleep(for: .milliseconds(500))
    #expect(try await cli.run(["log", id]).stdout == final, "ticks after the end")
    #expect(try await app.waitForExit(timeout: .zero) == nil, "the app stopped: \(app.stderr)")
    #expect(try await cli.run(["verify", id]).status == 0)
    app.send(SIGTERM)
    #expect(try await app.waitForExit(timeout: .seconds(5)) != nil)
  }

  /// `sharp9 app tone.wav --no-device` on a free port (a 220 Hz tone `toneSeconds` long, plus
  /// `options`), and the port it announced.
  private static func start(_ cli: StoreCLI, toneSeconds: Double, _ options: [String] = [])
    async throws -> (ServeProcess, Int)
  {
    try WaveFile.write(
      cli.directory.appending(path: "tone.wav"), sampleRate: 8000,
      samples: WaveFile.sine(hertz: 220, seconds: toneSeconds, sampleRate: 8000))
    let app = try ServeProcess(
      cli, ["app", "tone.wav", "--no-device", "--port", "0"] + options)
    return (app, try await app.port(announcing: "sharp9 app"))
  }

  /// Space in the page (play/pause), answered 200.
  private static func pressSpace(port: Int, token: String) throws {
    let body = #"{"key":" "}"#
    let play = try LoopbackConnection(
      port: port,
      send: "POST /api/app/input HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        + "X-Sharp9-Token: \(token)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
    #expect(play.read(until: "{}").text.hasPrefix("HTTP/1.1 200"))
  }

  /// The id of the first session recorded.
  private static func session(_ cli: StoreCLI) async throws -> String {
    let sessions = try await cli.run(["sessions", "--json"])
    return String(
      try #require(sessions.stdout.split(separator: "\"id\":\"").dropFirst().first?.prefix(36)))
  }

  /// The session's log lines but the ticks and the toast timer, and the whole log.
  private static func musiciansLines(_ cli: StoreCLI, session: String) async throws -> (
    lines: [Substring], log: String
  ) {
    let log = try await cli.run(["log", session]).stdout
    // (The beat grid arrives when its analysis ends, wherever that falls.)
    let lines = log.split(separator: "\n").filter {
      !$0.contains(" tick ") && !$0.contains("toast timer") && !$0.contains("beat grid: ")
    }
    return (lines, log)
  }
}
