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
      answers only requests addressed to its own host name. The database must exist (record or \
      import a session first). Stop it with Ctrl-C or SIGTERM.
      """)

  @Option(help: "The address to listen on.")
  var host = "127.0.0.1"

  @Option(help: "The port to listen on (0: any free port).")
  var port = 8089

  @Flag(help: "Open the URL in the default browser.")
  var open = false

  @OptionGroup var database: DatabaseOptions

  func validate() throws {
    guard (0...65535).contains(port) else {
      throw ValidationError("--port must be 0…65535 (0: any free port), not \(port)")
    }
  }

  func run() async throws {
    // The database must exist, as for every command that reads: a typo in --db is an error, not
    // an empty inspector over a new file.
    let server = try InspectorServer(
      databasePath: try database.checkedPath(), media: CLISessionMedia(),
      configuration: .init(
        host: host, port: port, sharp9Version: Sharp9Command.release))
    let open = open
    try await server.run { port in
      let url = server.url(port: port)
      var output = StandardOutput()
      output.line("sharp9 inspector at \(url)")
      do {
        try output.flush()
      } catch {
        // The URL carries the token: without it nobody can use the server, so say where it is.
        StandardError.line("sharp9 inspector at \(url)")
      }
      if open { Self.openInBrowser(url) }
    }
  }

  private static func openInBrowser(_ url: String) {
    let process = Process()
    process.executableURL = URL(filePath: "/usr/bin/env")
    #if os(macOS)
      process.arguments = ["open", url]
    #else
      process.arguments = ["xdg-open", url]
    #endif
    try? process.run()
  }
}
