import ArgumentParser
import Sharp9Domain
import Sharp9Store
import Sharp9Words

/// `sharp9 diff SESSION A B`: what changed in the state between two events.
struct DiffCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "Show the fields whose value differs between the states after events A and B.",
    discussion: """
      One line per field, path: value after A → value after B. Markers are matched by id. \
      Event 0 is the state before the first event.
      """)

  @OptionGroup var session: SessionArgument

  @Argument(help: "The first event (sequence number).")
  var a: Int64

  @Argument(help: "The second event (sequence number).")
  var b: Int64

  @Flag(help: "Print one JSON object {a, b, changes: [{path, before, after}]}.")
  var json = false

  @OptionGroup var database: DatabaseOptions

  func run() throws {
    let store = try database.openLog(.mustExist)
    let record = try store.session(matching: session.session)
    let changes = try StateDiff.changes(
      from: try store.state(of: record, at: a), to: try store.state(of: record, at: b))
    var output = StandardOutput()
    if json {
      output.line(
        try ReportJSON.line(
          ReportJSON.Diff(a: a, b: b, changes: changes.map(ReportJSON.Change.init))))
      try output.flush()
      return
    }
    if changes.isEmpty { output.line("no differences between event \(a) and event \(b)") }
    for change in changes { output.line(change.description) }
    try output.flush()
  }
}
