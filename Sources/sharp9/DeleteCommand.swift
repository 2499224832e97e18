import ArgumentParser
import Foundation
import Sharp9App
import Sharp9Store

/// `sharp9 delete SESSION [--yes]`.
struct DeleteCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete",
    abstract: "Delete a session with its events and checkpoints.",
    discussion: """
      The session is named by its id or a prefix of at least 4 characters that matches no other \
      session. When standard input is a terminal, delete shows the session and asks before \
      deleting (--yes skips the question); from a script or a pipe it deletes without asking. \
      Takes recorded yourself that no session names any more are removed from the takes folder \
      beside the database (a take deleted in a session stays while its log names it; a take \
      kept in the last 10 minutes stays too, as its session may be logging it now).
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
    // Takes live beside an SQLite file only: the ones no session names any more go with it.
    // After the deletion, which stands: a takes folder that cannot be read is left as it is.
    if let file = database.databaseFile,
      let removed = try? TakeLibrary(databasePath: file).removeTakes(
        notNamedBy: { try store.namedTakes() }, now: Date())
    {
      if !removed.hashes.isEmpty {
        output.line(
          "removed \(removed.hashes.count) take\(removed.hashes.count == 1 ? "" : "s") no session"
            + " names (\(removed.bytes.formatted(.byteCount(style: .file))))")
      }
    }
    try output.flush()
  }
}
