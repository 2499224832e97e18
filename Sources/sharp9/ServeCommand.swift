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
      answers only requests addressed to its own host name. Stop it with Ctrl-C.
      """)

  @Option(help: "The address to listen on.")
  var host = "127.0.0.1"

  @Option(help: "The port to listen on (0: any free port).")
  var port = 8089

  @Flag(help: "Open the URL in the default browser.")
  var open = false

  @OptionGroup var database: DatabaseOptions

  func run() async throws {
    let server = try InspectorServer(
      databasePath: database.resolvedPath, media: CLISessionMedia(),
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
