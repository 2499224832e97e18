import ArgumentParser
import Foundation

/// Where `sharp9 serve` and `sharp9 app` listen, and whether they open the browser.
struct ServerOptions: ParsableArguments {
  @Option(help: "The address to listen on.")
  var host = "127.0.0.1"

  @Option(help: "The port to listen on (0: any free port).")
  var port = 8089

  @Flag(help: "Open the URL in the default browser.")
  var open = false

  func validate() throws {
    guard (0...65535).contains(port) else {
      throw ValidationError("--port must be 0…65535 (0: any free port), not \(port)")
    }
  }

  /// Prints `what at URL` (on standard error when standard output fails: the URL carries the
  /// token, without which nobody can use the server) and opens it when `--open` says so.
  func announce(_ what: String, url: String) {
    var output = StandardOutput()
    output.line("\(what) at \(url)")
    do {
      try output.flush()
    } catch {
      StandardError.line("\(what) at \(url)")
    }
    if open { Self.openInBrowser(url) }
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
