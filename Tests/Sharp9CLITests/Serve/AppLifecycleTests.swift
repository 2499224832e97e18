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
    try WaveFile.write(
      cli.directory.appending(path: "tone.wav"), sampleRate: 8000,
      samples: WaveFile.sine(hertz: 220, seconds: 5, sampleRate: 8000))
    let app = try ServeProcess(cli, ["app", "tone.wav", "--no-device", "--port", "0"])
    let port = try await app.port(announcing: "sharp9 app")
    let stream = try LoopbackConnection(port: port, get: "/api/app/live")
    let opened = stream.read(until: "\"track\":{\"name\":\"tone.wav\"")
    #expect(opened.text.contains("event: state"), "\(opened.text)")
    let body = #"{"key":" "}"#
    let play = try LoopbackConnection(
      port: port,
      send: "POST /api/app/input HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        + "X-Sharp9-Token: \(app.token)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
    #expect(play.read(until: "{}").text.hasPrefix("HTTP/1.1 200"))
    try await Task.sleep(for: .milliseconds(500))
    app.send(signal)
    let took = try await app.waitForExit(timeout: .seconds(5))
    #expect(took != nil, "app still runs 5 s after signal \(signal); stderr: \(app.stderr)")
    guard took != nil else { return }
    #expect(try await app.exitStatus(within: .zero) == 0, "\(app.stderr)")
    let sessions = try await cli.run(["sessions", "--json"])
    let id = try #require(
      sessions.stdout.split(separator: "\"id\":\"").dropFirst().first?.prefix(36))
    let log = try await cli.run(["log", String(id)])
    let musician = log.stdout.split(separator: "\n").filter {
      !$0.contains(" tick ") && !$0.contains("toast timer")
    }
    // Open, loaded, the song's beat grid, play, and the pause the signal made.
    #expect(musician.count == 5, "\(log.stdout)")
    #expect(musician.contains { $0.contains("beat grid:") }, "\(log.stdout)")
    #expect(musician.last?.contains("play/pause  → pause") == true, "\(log.stdout)")
    #expect(try await cli.run(["verify", String(id)]).status == 0)
  }

  /// Closing the last page ends the session on a pause once the grace (`--close-after`) has
  /// passed, as the close button does; the process goes on. A page back within the grace (a
  /// reload) keeps the session open.
  @Test func theLastPageGoneEndsTheSessionOnAPause() async throws {
    let cli = try StoreCLI()
    try WaveFile.write(
      cli.directory.appending(path: "tone.wav"), sampleRate: 8000,
      samples: WaveFile.sine(hertz: 220, seconds: 30, sampleRate: 8000))
    let app = try ServeProcess(
      cli, ["app", "tone.wav", "--no-device", "--port", "0", "--close-after", "1.5"])
    let port = try await app.port(announcing: "sharp9 app")
    func follow() -> LoopbackConnection? {
      let stream = try? LoopbackConnection(port: port, get: "/api/app/live")
      _ = stream?.read(until: "\"track\":{\"name\":\"tone.wav\"")
      return stream
    }
    var page = follow()
    let body = #"{"key":" "}"#
    let play = try LoopbackConnection(
      port: port,
      send: "POST /api/app/input HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        + "X-Sharp9-Token: \(app.token)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
    #expect(play.read(until: "{}").text.hasPrefix("HTTP/1.1 200"))
    try await Task.sleep(for: .milliseconds(300))
    // A reload: the page goes and comes back within the grace; the session plays on.
    page = nil
    try await Task.sleep(for: .milliseconds(300))
    page = follow()
    try await Task.sleep(for: .seconds(3))
    let id = try #require(
      try await cli.run(["sessions", "--json"]).stdout.split(separator: "\"id\":\"").dropFirst()
        .first?.prefix(36))
    func musician() async throws -> [Substring] {
      try await cli.run(["log", String(id)]).stdout.split(separator: "\n").filter {
        !$0.contains(" tick ") && !$0.contains("toast timer")
      }
    }
    #expect(try await musician().last?.contains("play/pause  → play") == true)
    #expect(page != nil)

    // The tab closed: after the grace (and the heartbeat that notices), the session ended on a
    // pause and records nothing more; the app still runs.
    page = nil
    try await Task.sleep(for: .seconds(4))
    let ended = try await cli.run(["log", String(id)]).stdout
    #expect(try await musician().last?.contains("play/pause  → pause") == true, "\(ended)")
    try await Task.sleep(for: .milliseconds(500))
    #expect(try await cli.run(["log", String(id)]).stdout == ended, "ticks after the end")
    #expect(try await app.waitForExit(timeout: .zero) == nil, "the app stopped: \(app.stderr)")
    #expect(try await cli.run(["verify", String(id)]).status == 0)
    app.send(SIGTERM)
    #expect(try await app.waitForExit(timeout: .seconds(5)) != nil)
  }
}
