import ArgumentParser
import Foundation
import Sharp9Store

/// `sharp9 delete SESSION [--yes]`.
struct DeleteCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete",
    abstract: "Delete a session with its events and checkpoints.",
    discussion: """
      The session is named by its id or a prefix of at least 4 characters that matches no other \
      session. When standard input is a terminal, delete shows the session and asks before \
      deleting (--yes skips the question); from a script or a pipe it deletes without asking.
      """)

  @OptionGroup var session: SessionArgument

  @Flag(name: .shortAndLong, help: "Delete without asking, even on a terminal.")
  var yes = false

  @OptionGroup var database: DatabaseOptions

  /// The shortest prefix delete accepts: one character could name a session by accident.
  static let minimumPrefix = 4

  func validate() throws {
    guard session.session.count >= Self.minimumPrefix else {
      throw ValidationError(
        "give at least \(Self.minimumPrefix) characters of the session id to delete, not"
          + " \"\(session.session)\"")
    }
  }

  func run() throws {
    let store = try database.openLog(.mustExist)
    let record = try store.session(matching: session.session)
    let description =
      "session \(record.idString) \"\(TerminalText.escaped(record.title))\""
      + " (\(record.eventCount) events)"
    if !yes, isatty(STDIN_FILENO) == 1 {
      StandardError.write("delete \(description)? [y/N] ")
      var input = StandardInput()
      let reply = try input.line()?.trimmingCharacters(in: .whitespaces).lowercased()
      guard reply == "y" || reply == "yes" else {
        var output = StandardOutput()
        output.line("kept \(description)")
        try output.flush()
        return
      }
    }
    try store.deleteSession(record.id)
    var output = StandardOutput()
    output.line("deleted session \(record.idString) (\(record.eventCount) events)")
    try output.flush()
  }
}
