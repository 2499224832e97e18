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

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp(
      "Write the script to this file instead of standard output.", valueName: "path"))
  var output: String?

  @Flag(help: "Replace the output file if it exists.")
  var force = false

  @OptionGroup var database: DatabaseOptions

  func run() throws {
    let store = try database.openLog(.mustExist)
    let record = try store.session(matching: session.session)
    if let path = output {
      try OutputFile.check(
        path, inputs: OutputFile.databaseInputs(database.databaseFile), force: force)
      let file = try TextFileWriter(path: path)
      var failure: (any Error)?
      try store.exportScript(record) { text in
        guard failure == nil else { return }
        do { try file.write(text) } catch { failure = error }
      }
      if let failure { throw failure }
      try file.finish()
      return
    }
    var output = StandardOutput()
    try store.exportScript(record) { output.write($0) }
    try output.flush()
  }
}
