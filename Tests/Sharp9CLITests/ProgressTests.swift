import Foundation
import Testing

/// Long work shows a progress bar when standard error is a terminal (run under `script`, which
/// gives the command a pseudo-terminal), and nothing when it is not.
@Suite struct ProgressTests {
  @Test func importAndVerifyShowProgressOnATerminal() async throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return }
    let cli = try StoreCLI()
    var lines = [#"{"session":{"startedAt":"2026-01-01T00:00:00Z"}}"#]
    for index in 0..<3000 {
      lines.append(#"{"type":"tick","currentTimeSec":\#(index),"t":\#(index)}"#)
    }
    let script = try cli.file("long.jsonl", lines.joined(separator: "\n") + "\n")
    let id = cli.directory.appending(path: "id.txt").path
    for (command, label) in [
      ("import '\(script)' --db '\(cli.database)' > '\(id)'", "import"),
      ("verify \"$(cat '\(id)')\" --db '\(cli.database)' > /dev/null", "verify"),
    ] {
      let process = Process()
      process.executableURL = URL(filePath: "/usr/bin/script")
      process.arguments = ["-qc", "'\(StoreCLI.executable.path)' \(command)", "/dev/null"]
      let output = Pipe()
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = output
      try process.run()
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(text.contains("\r\(label) [##############################] 100%"), "\(text)")
    }
    let quiet = try await cli.run([
      "verify", try String(contentsOfFile: id, encoding: .utf8).trimmingCharacters(in: .newlines),
    ])
    #expect(quiet.status == 0)
    #expect(quiet.stderr == "")
  }
}
