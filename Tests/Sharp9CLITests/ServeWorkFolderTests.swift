import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Issue 21, S3: `serve` keeps renders, uploads and bundles in a `sharp9-serve-*` folder under
/// the temporary directory; the folder goes when the server ends, by SIGINT or SIGTERM.
@Suite struct ServeWorkFolderTests {
  @Test(arguments: [SIGTERM, SIGINT])
  func theWorkFolderIsDeletedWhenServeEnds(signal: Int32) async throws {
    let cli = try StoreCLI()
    let script = try cli.file(
      "s.jsonl",
      """
      {"session":{"startedAt":"2026-11-21T19:00:00.000Z","title":"s"}}
      {"type":"togglePlay","t":0.5}

      """)
    let id = try #require(
      try await cli.run(["import", script]).stdout.split(separator: "\n").last.map(String.init))
    let temporary = cli.directory.appending(path: "tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let process = cli.process(["serve", "--port", "0"])
    process.environment?["TMPDIR"] = temporary.path
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { process.terminate() } }
    let line = try #require(await Self.firstLine(of: output.fileHandleForReading))
    let url = try #require(URL(string: String(line.split(separator: " ").last ?? "")))
    let port = try #require(url.port)
    let bundle = try #require(
      URL(string: "http://127.0.0.1:\(port)/api/sessions/\(id)/bundle.sharp9"))
    let (_, response) = try await URLSession.shared.data(from: bundle)
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
    let before = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
    #expect(before.contains { $0.hasPrefix("sharp9-serve-") }, "\(before)")
    kill(process.processIdentifier, signal)
    let deadline = ContinuousClock.now + .seconds(10)
    while process.isRunning && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(50))
    }
    #expect(!process.isRunning)
    let after = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
    #expect(!after.contains { $0.hasPrefix("sharp9-serve-") }, "\(after)")
  }

  /// The first line `handle` gives, read on a thread of its own.
  static func firstLine(of handle: FileHandle) async -> String? {
    await Task.detached {
      var bytes: [UInt8] = []
      while let byte = try? handle.read(upToCount: 1), let first = byte.first {
        if first == UInt8(ascii: "\n") { break }
        bytes.append(first)
      }
      return String(decoding: bytes, as: UTF8.self)
    }.value
  }
}
