import ArgumentParser
import Sharp9Store

/// `sharp9 delete SESSION`.
struct DeleteCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete",
    abstract: "Delete a session with its events and checkpoints.")

  @OptionGroup var session: SessionArgument
  @OptionGroup var database: DatabaseOptions

  func run() throws {
    let store = try database.open(.mustExist)
    let record = try store.session(matching: session.session)
    try store.deleteSession(record.id)
    var output = StandardOutput()
    output.line("deleted session \(record.idString) (\(record.eventCount) events)")
    output.flush()
  }
}
