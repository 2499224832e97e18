import ArgumentParser
import Sharp9Store

/// `sharp9 fork SESSION --at N [--title T]`.
struct ForkCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fork",
    abstract: "Start a new session from the first N events of another, to explore \"what if\".",
    discussion: """
      The new session has the same start time and audio, and events 1…N (marker deletions keep \
      naming the same markers). Its id is printed alone on the last line of standard output.
      """)

  @OptionGroup var session: SessionArgument

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("How many events to keep (1 … the session's event count).", valueName: "seq")
  )
  var at: Int64

  @Option(help: "The new session's title (default: \"<title> (fork at N)\").")
  var title: String?

  @OptionGroup var database: DatabaseOptions

  func validate() throws {
    guard at >= 1 else {
      throw ValidationError(
        "--at must be 1 or more, not \(at) (the events to keep; a session needs at least one)")
    }
  }

  func run() throws {
    let store = try database.openLog(.mustExist)
    let record = try store.session(matching: session.session)
    let fork = try store.fork(
      record, at: at, title: title, sharp9Version: Sharp9Command.release)
    var output = StandardOutput()
    output.line("forked \(record.idString) at event \(at): \"\(fork.title)\"")
    output.line(fork.idString)
    do {
      try output.flush()
    } catch {
      throw error.after("session \(fork.idString) was stored; do not fork again")
    }
  }
}
