import ArgumentParser
import Foundation
import Sharp9App
import Sharp9Store

/// `sharp9 pull --from URL --token T [SESSION…]`: fetches sessions from a server.
struct PullCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pull",
    abstract: "Fetch sessions from a sharp9 server into the local database, to replay them here.",
    discussion: """
      Fetches the sessions the token may read (a device's token: its own; a reader's token: \
      all), or those named, and appends the events the local database does not have yet: \
      pulling again fetches only what is new. Retries as push does. Prints one line per session.
      """)

  @Option(help: ArgumentHelp("The server, e.g. http://HOST:8089.", valueName: "url"))
  var from: String

  @OptionGroup var sync: SyncOptions

  @Argument(help: "Sessions to fetch (ids or unique prefixes on the server; default: all).")
  var sessions: [String] = []

  @OptionGroup var database: DatabaseOptions

  func run() async throws {
    let pull = SyncPull(connection: try sync.connection(to: from, option: "--from"))
    let log = try database.openLog(.createIfMissing)
    var output = StandardOutput()
    do {
      try await pull.pull(sessions, into: log) { result in
        output.line(
          "\(result.id.uuidString.lowercased()): fetched \(result.fetched) events, \(result.head)"
            + " here (from \(result.device ?? "the server"))")
      }
    } catch let failure as SyncFailure {
      try? output.flush()
      throw failure.commandFailure("pull from \(from)")
    }
    try output.flush()
  }
}
