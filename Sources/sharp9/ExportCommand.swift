import ArgumentParser
import Sharp9Store

/// `sharp9 export SESSION`: the session as a session script.
struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write a session as a JSON Lines session script on standard output.",
    discussion: """
      A header line {"session":{"startedAt":…,"audio":…,"title":…}}, then one action per line with \
      its t. The output is canonical: importing it and exporting again gives identical bytes.
      """)

  @OptionGroup var session: SessionArgument
  @OptionGroup var database: DatabaseOptions

  func run() throws {
    let store = try database.open(.mustExist)
    let record = try store.session(matching: session.session)
    var output = StandardOutput()
    try store.exportScript(record) { output.write($0) }
    try output.flush()
  }
}
