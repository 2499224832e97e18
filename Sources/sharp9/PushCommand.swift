import ArgumentParser
import Foundation
import Sharp9App
import Sharp9Store

/// `sharp9 push --to URL --token T`: sends this device's sessions to a server.
struct PushCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "push",
    abstract: "Send this device's sessions to a sharp9 server until it has acknowledged them all.",
    discussion: """
      Asks the server how many events of each session it holds and sends the rest, in batches \
      of at most 4 MiB. A request that fails on the network, or that the server answers 5xx or \
      429, is sent again with exponential backoff (--attempts); every event carries an id made \
      from its session and number, so a batch sent twice is stored once. Prints one line per \
      session; exits 0 only when the server acknowledged every event, else with one line and \
      75 (retry later), 77 (the token was refused) or 65.
      """)

  @Option(help: ArgumentHelp("The server, e.g. http://HOST:8089.", valueName: "url"))
  var to: String

  @OptionGroup var sync: SyncOptions

  @Argument(help: "Sessions to push (ids or unique prefixes; default: all).")
  var sessions: [String] = []

  @Option(help: .hidden)
  var batchBytes = SyncWire.maxBatchBytes

  @OptionGroup var database: DatabaseOptions

  func run() async throws {
    let push = SyncPush(
      connection: try sync.connection(to: to, option: "--to"), batchBytes: batchBytes)
    let log = try database.openLog(.mustExist)
    let chosen = sessions.isEmpty ? nil : try sessions.map { try log.session(matching: $0) }
    var output = StandardOutput()
    var total: Int64 = 0
    do {
      try await push.push(log, only: chosen) { result in
        total += result.sent
        output.line(
          "\(result.id.uuidString.lowercased()): sent \(result.sent) events, the server holds"
            + " \(result.head)")
      }
    } catch let failure as SyncFailure {
      try? output.flush()
      throw failure.commandFailure("push to \(to)")
    }
    output.line("pushed \(total) events; everything is acknowledged")
    try output.flush()
  }
}
