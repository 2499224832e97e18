import ArgumentParser
import Foundation
import Sharp9Store

/// `sharp9 tokens add|revoke|list`: the device tokens a server's store accepts.
struct TokensCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tokens",
    abstract: "Issue, revoke and list the tokens devices push and pull with.",
    discussion: """
      A token belongs to a server's store (give it with --store, as to `sharp9 serve`). The \
      store keeps only the token's SHA-256: add prints the token once, on its last line, and it \
      cannot be shown again. A device's token uploads sessions and reads and writes only its own; \
      a reader's token (--reader) reads every session and writes none.
      """,
    subcommands: [Add.self, Revoke.self, List.self])

  /// `sharp9 tokens add NAME [--reader]`.
  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Issue a token and print it on the last line.")

    @Argument(help: "The device's name: 1 to 64 letters, digits, '.', '_' or '-'.")
    var name: String

    @Flag(help: "A reader's token: reads every session, writes none.")
    var reader = false

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
      do {
        try DeviceToken.check(name: name)
      } catch {
        throw ValidationError("\(error)")
      }
    }

    func run() throws {
      let log = try database.openLog(.createIfMissing)
      let secret = DeviceSecret.generate()
      let token = DeviceToken(
        name: name, access: reader ? .reader : .device, createdAt: UnixMilliseconds(Date()))
      try log.addDeviceToken(token, hash: DeviceSecret.hash(secret))
      var output = StandardOutput()
      output.line(
        "token \(name) (\(token.access.rawValue)) added; it is shown once, on the next line:")
      output.line(secret)
      try output.flush()
    }
  }

  /// `sharp9 tokens revoke NAME`.
  struct Revoke: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Revoke a token: requests carrying it are refused from now on.")

    @Argument(help: "The token's name.")
    var name: String

    @OptionGroup var database: DatabaseOptions

    func run() throws {
      try database.openLog(.mustExist).revokeDeviceToken(named: name)
      var output = StandardOutput()
      output.line("token \(name) revoked")
      try output.flush()
    }
  }

  /// `sharp9 tokens list`.
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the tokens: name, access and when each was issued (never the token).")

    @OptionGroup var database: DatabaseOptions

    func run() throws {
      var rows = [["NAME", "ACCESS", "ISSUED"]]
      for token in try database.openLog(.mustExist).deviceTokens() {
        rows.append([token.name, token.access.rawValue, TextTable.utc(token.createdAt.date)])
      }
      var output = StandardOutput()
      for line in TextTable.lines(rows, rightAligned: [], truncated: []) { output.line(line) }
      try output.flush()
    }
  }
}
