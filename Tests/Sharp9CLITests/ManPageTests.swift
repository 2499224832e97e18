import Foundation
import Testing

/// The man page is generated from the commands' own help (`scripts/man.sh`, not committed): it
/// has a section for every command, renders without a warning, and the same build writes the
/// same bytes twice (the packages' page is reproducible).
@Suite struct ManPageTests {
  /// The repository root (this file is `Tests/Sharp9CLITests/ManPageTests.swift`).
  static let root = URL(filePath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test func theManPageIsCompleteValidAndReproducible() throws {
    let scratch = try TemporaryDirectory()
    let first = try Self.generate(into: scratch.url.appending(path: "first/sharp9.1"))
    let second = try Self.generate(into: scratch.url.appending(path: "second/sharp9.1"))
    #expect(first == second)
    #expect(first.hasPrefix(#".TH "SHARP9" "1""#))
    for command in ["import", "delete", "minimize", "fuzz", "import\\-bundle", "render", "play"] {
      #expect(first.contains(".SS sharp9 \(command)\n"), "no section for \(command)")
    }
    #expect(first.contains("75  temporarily unavailable"), "no exit-status table")
    // groff's own checks (-ww: every warning), as `man` would render it.
    let groff = Process()
    groff.executableURL = URL(filePath: "/usr/bin/env")
    groff.arguments = [
      "groff", "-man", "-Tutf8", "-ww", "-z", scratch.url.path + "/first/sharp9.1",
    ]
    let warnings = Pipe()
    groff.standardError = warnings
    try groff.run()
    let text = String(decoding: warnings.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    groff.waitUntilExit()
    #expect(groff.terminationStatus == 0)
    #expect(text == "", "groff warns: \(text)")
  }

  private static func generate(into page: URL) throws -> String {
    let process = Process()
    process.executableURL = Self.root.appending(path: "scripts/man.sh")
    process.arguments = [page.path]
    var environment = ProcessInfo.processInfo.environment
    environment["SHARP9_BIN"] = CLI.executable.path
    process.environment = environment
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return try String(contentsOf: page, encoding: .utf8)
  }
}
