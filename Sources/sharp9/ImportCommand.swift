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
    try database.withStoreCreatedIfMissing { store in
      try importScript(text, named: name, into: store)
    }
  }

  private func importScript(_ text: Data, named name: String, into store: any EventLog) throws {
    let session: SessionRecord
    var missingAudio: String?
    let bar = ProgressBar(label: "import")
    defer { bar.finish() }
    do {
      session = try store.importScript(
        text, title: title, defaultTitle: name,
        sharp9Version: Sharp9Command.release,
        audio: { path in
          let source = try RecordedAudio.describing(path, relativeTo: scriptDirectory)
          if source.sha256 == nil { missingAudio = path }
          return source
        }, progress: bar.update)
      bar.finish()
    } catch let error as SessionScriptError {
      throw CommandFailure(.badData, "\(inputName): \(error). Fix that line")
    } catch StoreError.noActions {
      throw ScriptInput.noActions(inputName)
    }
    if let missingAudio {
      StandardError.line(
        "sharp9: warning: the audio file \(TerminalText.escaped(missingAudio)) named in the"
          + " header was not found; the session is stored without its hash (render it with"
          + " --audio PATH)")
    }
    var output = StandardOutput()
    output.line(session.idString)
    do {
      try output.flush()
    } catch {
      throw error.after("session \(session.idString) was stored; do not import the script again")
    }
  }

  /// How errors name the script: the path as given, or `stdin`.
  private var inputName: String { script == "-" ? "stdin" : script }

  private var scriptDirectory: URL? {
    script == "-" ? nil : URL(fileURLWithPath: script).deletingLastPathComponent()
  }

  /// The script's bytes (decoded line by line by the store, without one String of the whole
  /// file) and its name.
  private func readScript() throws -> (Data, String) {
    if script == "-" { return (try StandardInput.readAll(), "stdin") }
    let url = URL(fileURLWithPath: script)
    return (try Data(contentsOf: url), url.lastPathComponent)
  }
}
