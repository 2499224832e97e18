import Foundation
import Testing

/// `docs/sharp9.1` is generated from the commands' own help (`scripts/man.sh`): generating it
/// again with this build gives the same bytes, so the page never falls behind the help.
@Suite struct ManPageTests {
  /// The repository root (this file is `Tests/Sharp9CLITests/ManPageTests.swift`).
  static let root = URL(filePath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test func theManPageIsCurrent() throws {
    let scratch = try TemporaryDirectory()
    let generated = scratch.url.appending(path: "sharp9.1")
    let process = Process()
    process.executableURL = Self.root.appending(path: "scripts/man.sh")
    process.arguments = [generated.path]
    var environment = ProcessInfo.processInfo.environment
    environment["SHARP9_BIN"] = CLI.executable.path
    process.environment = environment
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let page = try String(contentsOf: generated, encoding: .utf8)
    #expect(page.hasPrefix(#".TH "SHARP9" "1""#))
    for command in ["import", "delete", "minimize", "fuzz", "import\\-bundle", "render"] {
      #expect(page.contains(".SS sharp9 \(command)\n"), "no section for \(command)")
    }
    let committed = try String(
      contentsOf: Self.root.appending(path: "docs/sharp9.1"), encoding: .utf8)
    #expect(committed == page, "docs/sharp9.1 is not current: run scripts/man.sh")
  }
}
