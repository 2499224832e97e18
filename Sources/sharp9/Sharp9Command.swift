import ArgumentParser

/// The `sharp9` command: parses, calls the library, prints.
@main
struct Sharp9Command: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sharp9",
    abstract: "Record, replay, inspect and render slow-down / pitch / loop practice sessions.",
    version: "0.1.0",
    subcommands: [
      // Subcommands are listed here, one per line, in the order `--help` shows them.
      ReduceCommand.self,
      ImportCommand.self,
      RecordCommand.self,
      SessionsCommand.self,
      LogCommand.self,
      StateCommand.self,
      DiffCommand.self,
      ExportCommand.self,
      VerifyCommand.self,
      DeleteCommand.self,
      TimelineCommand.self,
      RenderCommand.self,
      PeaksCommand.self,
      StretchCommand.self,
    ]
  )
}
