import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Sharp9Audio
import Sharp9Store
import Testing

@testable import Sharp9Server
@testable import sharp9

/// A temporary directory with a 2 s tone, a session imported by the `sharp9` binary, and an
/// inspector over that database, for the HTTP tests.
final class InspectorFixture: Sendable {
  static let script = """
    {"session":{"startedAt":"2026-11-21T19:00:00.000Z","audio":"tone.wav","title":"loop"}}
    {"type":"importPicked","url":"tone.wav","t":0}
    {"type":"importSucceeded","track":{"name":"tone.wav","durationSec":2},"t":0.1}
    {"type":"togglePlay","t":0.5}
    {"type":"setA","timeSec":0.25,"t":1}
    {"type":"setB","timeSec":0.75,"t":1}
    {"type":"toggleLoopEnabled","enabled":true,"t":1}
    {"type":"addMarker","timeSec":0.5,"t":1.2}
    {"type":"tick","currentTimeSec":0.53,"t":1.5}
    {"type":"speedDelta","delta":-0.05,"t":2}
    {"type":"undo","t":2.1}
    {"type":"togglePlay","t":2.5}
    {"type":"clearToastIfExpired","t":3}

    """

  let directory: URL
  let id: String
  let server: InspectorServer
  static let token = "test-token"
  var database: String { directory.appending(path: "sharp9.sqlite").path }

  init(maxUploadBytes: Int = 1 << 20, host: String = "127.0.0.1") async throws {
    directory = FileManager.default.temporaryDirectory.appending(
      path: "sharp9-serve-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Self.writeTone(directory.appending(path: "tone.wav"))
    let script = directory.appending(path: "loop.jsonl")
    try Data(Self.script.utf8).write(to: script)
    let imported = try Self.sharp9(
      ["import", script.path, "--db", directory.appending(path: "sharp9.sqlite").path],
      in: directory)
    id = try #require(imported.split(separator: "\n").last.map(String.init))
    server = try InspectorServer(
      databasePath: directory.appending(path: "sharp9.sqlite").path,
      configuration: .init(
        host: host, port: 0, token: Self.token, maxUploadBytes: maxUploadBytes,
        sharp9Version: "test",
        workDirectory: directory.appending(path: "work")))
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  /// Runs the test against the router (no sockets).
  func test<Value>(_ body: @Sendable (any TestClientProtocol) async throws -> Value) async throws
    -> Value
  {
    try await server.application().test(.router, body)
  }

  /// Runs the built `sharp9` binary with `arguments` in `directory`; its standard output.
  @discardableResult
  static func sharp9(_ arguments: [String], in directory: URL) throws -> String {
    let process = Process()
    let bundle = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    process.executableURL = bundle.deletingLastPathComponent().appending(path: "sharp9")
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "sharp9 \(arguments.joined(separator: " "))")
    return String(decoding: data, as: UTF8.self)
  }

  /// Runs `sharp9` on this fixture's database.
  @discardableResult
  func sharp9(_ arguments: [String]) throws -> String {
    try Self.sharp9(arguments + ["--db", database], in: directory)
  }

  /// `seconds` of a 220 Hz sine at 8 kHz, mono.
  static func writeTone(_ url: URL, seconds: Int = 2) throws {
    let writer = try AudioFileWriter(
      url: url, container: .wav, sample: .pcm16, sampleRate: 8_000, channels: 1)
    let samples = (0..<(seconds * 8_000)).map {
      Float(sin(2 * Double.pi * 220 * Double($0) / 8_000) * 0.5)
    }
    try samples.withUnsafeBufferPointer { try writer.write($0, frames: samples.count) }
    try writer.finish()
  }
}

extension TestResponse {
  /// The body as text.
  var text: String { String(buffer: body) }
}

/// Headers of a request that may change something.
let withToken: HTTPFields = [.sharp9Token: InspectorFixture.token]
