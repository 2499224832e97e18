import ArgumentParser
import Foundation
import Sharp9Server

/// `sharp9 serve`: the browser inspector.
struct ServeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve a browser inspector to see, hear and scrub the stored sessions.",
    discussion: """
      Prints the URL to open; it carries a token that is new on every run and that every change \
      (import, fork, delete) must send. Binds to 127.0.0.1 unless --host says otherwise, and \
      answers only requests addressed to its own host name; bound beyond loopback, reading \
      sessions needs the token too (or a reader's token from `sharp9 tokens`). The database must exist (record or \
      import a session first); with --store postgres://… it serves a PostgreSQL store, and devices \
      push to it with tokens from `sharp9 tokens` (the audio pages need an SQLite store; bundled \
      audio goes beside the default database file). Stop it with Ctrl-C or SIGTERM.
      """)

  @OptionGroup var server: ServerOptions

  @OptionGroup var database: DatabaseOptions

  func run() async throws {
    // The database must exist, as for every command that reads: a typo in --db is an error, not
    // an empty inspector over a new file.
    let inspector = try InspectorServer(
      store: try database.location(),
      configuration: .init(
        host: server.host, port: server.port, sharp9Version: Sharp9Command.release,
        bundleAudioDirectory: database.bundledAudioDirectory))
    let server = server
    try await inspector.run { port in
      server.announce("sharp9 inspector", url: inspector.url(port: port))
    }
  }
}
