import ArgumentParser
import Sharp9Domain
import Sharp9Store
import Sharp9Words

/// `sharp9 history SESSION [--at N]`: the undo history as of an event.
struct HistoryCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: "Show a session's edit history (what undo and redo would do) as of an event.",
    discussion: """
      One row per undoable edit still on the undo or redo stack, oldest first: its number, the \
      event and time that made it, its name, whether it is applied, undone or redone (and by \
      which event), and each field it changed (before → after). Then the cursor: how many edits \
      are applied and what undo and redo would do next. Derived by replaying the session, so it \
      does not depend on how the reducer stores its undo stacks.
      """)

  @OptionGroup var session: SessionArgument

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Show the history as of this event (default: the last).", valueName: "seq"))
  var at: Int64?

  @Flag(help: "Print the history as one JSON object.")
  var json = false

  @OptionGroup var database: DatabaseOptions

  func run() throws {
    let store = try database.openLog(.mustExist)
    let record = try store.session(matching: session.session)
    let history = try store.editTimeline(of: record, at: at)
    var output = StandardOutput()
    if json {
      output.line(try ReportJSON.line(ReportJSON.History(history, session: record)))
      try output.flush()
      return
    }
    for line in EditTimelineText.lines(history, session: record) { output.line(line) }
    try output.flush()
  }
}
