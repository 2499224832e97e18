import Foundation
import Sharp9Domain
import Sharp9Store
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Kills `sharp9 record` with SIGKILL at seeded random points: every action it acknowledged must
/// be in the database, nothing else but possibly the one in flight, and the file must be intact.
/// Both sync modes: `normal` skips the fsync but must keep the same guarantee against `kill -9`.
@Suite struct CrashSafetyTests {
  @Test(arguments: ["full", "normal"])
  func acknowledgedActionsSurviveSIGKILL(sync: String) async throws {
    let cli = try StoreCLI()
    var random = SplitMix64(seed: 20_261_121)
    var expectations: [(title: String, sent: [String], acknowledged: Int)] = []
    for run in 0..<6 {
      let title = "run-\(run)"
      let process = cli.process(["record", "--title", title, "--sync", sync])
      let (stdin, stdout) = (Pipe(), Pipe())
      process.standardInput = stdin
      process.standardOutput = stdout
      process.standardError = FileHandle.nullDevice
      try process.run()
      var answers = LineReader(stdout.fileHandleForReading)
      let acknowledgedTarget = Int.random(in: 1...30, using: &random)
      var sent: [String] = []
      for index in 0...acknowledgedTarget {
        let line = Self.action(index, using: &random)
        sent.append(line)
        stdin.fileHandleForWriting.write(Data((line + "\n").utf8))
        if index == acknowledgedTarget { break }  // the last one stays in flight
        let next = answers.next()
        let answer = try #require(next, "no answer to line \(index + 1)")
        #expect(!answer.hasPrefix(#"{"error""#), "\(answer)")
      }
      try await Task.sleep(for: .microseconds(Int.random(in: 0...3000, using: &random)))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      #expect(process.terminationReason == .uncaughtSignal)
      expectations.append((title, sent, acknowledgedTarget))
    }

    let database = try Database(path: cli.database, mode: .mustExist)
    #expect(try database.scalarText("PRAGMA integrity_check") == "ok")
    let store = try EventStore(path: cli.database, mode: .mustExist)
    let sessions = try store.sessions()
    for (title, sent, acknowledged) in expectations {
      let session = try #require(sessions.first { $0.title == title })
      #expect(
        session.eventCount == Int64(acknowledged) || session.eventCount == Int64(acknowledged + 1),
        "\(title): \(session.eventCount) events stored, \(acknowledged) acknowledged")
      var exported: [String] = []
      try store.exportScript(session) { exported.append(String($0.dropLast())) }
      #expect(Array(exported.dropFirst()) == Array(sent.prefix(Int(session.eventCount))))
      #expect(try store.verify(session).isOK)
    }
  }

  /// A canonical action line with an explicit, increasing `t`.
  private static func action(_ index: Int, using random: inout SplitMix64) -> String {
    // Written as the canonical encoder writes numbers (no ".0"), so export must match exactly.
    let t = index % 4 == 0 ? String(index / 4) : String(Double(index) / 4)
    switch index == 0 ? -1 : Int.random(in: 0..<5, using: &random) {
    case -1: return #"{"type":"importSucceeded","track":{"name":"a.wav","durationSec":60},"t":0}"#
    case 0: return #"{"type":"tick","currentTimeSec":\#(t),"t":\#(t)}"#
    case 1: return #"{"type":"setA","timeSec":\#(index % 7),"t":\#(t)}"#
    case 2: return #"{"type":"speedDelta","delta":-0.05,"t":\#(t)}"#
    case 3: return #"{"type":"markNow","t":\#(t)}"#
    default: return #"{"type":"togglePlay","t":\#(t)}"#
    }
  }
}

/// Reads lines from a pipe as they arrive.
struct LineReader {
  private let handle: FileHandle
  private var buffer: [UInt8] = []

  init(_ handle: FileHandle) { self.handle = handle }

  /// The next line without its newline, or `nil` at end of file.
  mutating func next() -> String? {
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeSubrange(...newline)
        return line
      }
      let chunk = handle.availableData
      if chunk.isEmpty { return nil }
      buffer.append(contentsOf: chunk)
    }
  }
}
