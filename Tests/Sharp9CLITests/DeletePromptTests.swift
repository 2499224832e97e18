import Foundation
import Testing

/// `delete` on a terminal shows the session and asks; only "y" or "yes" deletes ("n", anything
/// else and the end of the input keep it). The session is named by an unambiguous prefix of at
/// least 4 characters. The terminal is a real pseudo-terminal (Python's `pty`).
@Suite struct DeletePromptTests {
  static let script = """
    {"session":{"startedAt":"2026-11-21T19:00:00.000Z","title":"keep me?"}}
    {"type":"setA","timeSec":10,"t":1}

    """

  /// Runs `sharp9 arguments` with a pseudo-terminal as its standard input and output, waits for
  /// the question, then types `reply` (`nil`: the end of the input, Control-D).
  private func onTerminal(_ cli: StoreCLI, _ arguments: [String], reply: String?) throws
    -> (status: Int32, output: String)
  {
    let driver = """
      import os, pty, sys
      reply = sys.argv[1]
      pid, fd = pty.fork()
      if pid == 0:
          os.execv(sys.argv[2], sys.argv[2:])
      output = b""
      def read():
          global output
          try:
              chunk = os.read(fd, 4096)
          except OSError:
              return False
          output += chunk
          return bool(chunk)
      while b"[y/N]" not in output and read():
          pass
      os.write(fd, b"\\x04" if reply == "EOF" else reply.encode() + b"\\n")
      while read():
          pass
      _, status = os.waitpid(pid, 0)
      sys.stdout.write(output.decode(errors="replace"))
      sys.exit(os.waitstatus_to_exitcode(status))
      """
    return try cli.python(driver, [reply ?? "EOF"], sharp9: arguments)
  }

  private func sessionCount(_ cli: StoreCLI) async throws -> Int {
    try await cli.run(["sessions"]).stdout.split(separator: "\n").count - 1
  }

  @Test(arguments: ["n", "no", "", "whatever", nil] as [String?])
  func anythingButYesKeepsTheSession(reply: String?) async throws {
    let cli = try StoreCLI()
    let id = try await cli.run(["import", try cli.file("s.jsonl", Self.script)]).stdout
      .trimmingCharacters(in: .newlines)
    let run = try onTerminal(cli, ["delete", String(id.prefix(8))], reply: reply)
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("delete session \(id) \"keep me?\" (1 events)? [y/N]"))
    #expect(run.output.contains("kept session \(id)"), "\(run.output)")
    #expect(try await sessionCount(cli) == 1)
  }

  @Test(arguments: ["y", "yes", "Y"])
  func yesDeletes(reply: String) async throws {
    let cli = try StoreCLI()
    let id = try await cli.run(["import", try cli.file("s.jsonl", Self.script)]).stdout
      .trimmingCharacters(in: .newlines)
    let run = try onTerminal(cli, ["delete", String(id.prefix(4))], reply: reply)
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("[y/N]"))
    #expect(run.output.contains("deleted session \(id) (1 events)"), "\(run.output)")
    #expect(try await sessionCount(cli) == 0)
  }

  @Test func aPrefixMustBeAtLeastFourCharactersAndUnambiguous() async throws {
    let cli = try StoreCLI()
    for name in ["a.jsonl", "b.jsonl"] {
      try await cli.run(["import", try cli.file(name, Self.script)])
    }
    // Two sessions whose ids share their first 6 characters.
    try SQLiteShell.run(cli.database, "UPDATE sessions SET id = 'abcdef' || substr(id, 7)")
    let short = try await cli.run(["delete", "abc", "--yes"])
    #expect(short.status == 64)
    #expect(short.stderr.contains("give at least 4 characters of the session id"))
    let ambiguous = try await cli.run(["delete", "abcdef", "--yes"])
    #expect(ambiguous.status == 64, "\(ambiguous.stderr)")
    #expect(ambiguous.stderr.hasPrefix("sharp9: error: "), "\(ambiguous.stderr)")
    #expect(try await sessionCount(cli) == 2)
  }
}
