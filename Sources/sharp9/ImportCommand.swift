import ArgumentParser
import Foundation
import Sharp9App
import Sharp9Domain
import Sharp9Store

/// `sharp9 import SCRIPT.jsonl [--title T]`.
struct ImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Store a session script (JSON Lines) as a new session; prints its id.",
    discussion: """
      The whole script is stored in one transaction: a bad line leaves no session behind. \
      The session id is printed alone on the last line of standard output.
      """)

  @Argument(help: ArgumentHelp("The session script; - reads standard input.", valueName: "script"))
  var script: String

  @Option(help: "The session's title (default: the script header's title, else the file name).")
  var title: String?

  @OptionGroup var database: DatabaseOptions

  func run() throws {
    let (text, name) = try readScript()
    let store = try database.open(.createIfMissing)
    let session = try store.importScript(
      text, title: title, defaultTitle: name,
      sharp9Version: Sharp9Command.configuration.version,
      audio: { RecordedAudio.describing($0, relativeTo: scriptDirectory) })
    var output = StandardOutput()
    output.line(session.idString)
    output.flush()
  }

  private var scriptDirectory: URL? {
    script == "-" ? nil : URL(fileURLWithPath: script).deletingLastPathComponent()
  }

  /// The script's bytes (decoded line by line by the store, without one String of the whole
  /// file) and its name.
  private func readScript() throws -> (Data, String) {
    if script == "-" { return (FileHandle.standardInput.readDataToEndOfFile(), "stdin") }
    let url = URL(fileURLWithPath: script)
    do {
      return (try Data(contentsOf: url), url.lastPathComponent)
    } catch {
      throw ValidationError("cannot read \(script): \(error.localizedDescription)")
    }
  }
}
