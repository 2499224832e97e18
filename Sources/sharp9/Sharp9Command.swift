import ArgumentParser

/// The `sharp9` command: parses, calls the library, prints.
///
/// Subcommands are grouped by what a user is doing, in the order `--help` shows them.
@main
struct Sharp9Command: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sharp9",
    abstract: "Record, replay, inspect and render slow-down / pitch / loop practice sessions.",
    version: "0.1.0",
    groupedSubcommands: [
      CommandGroup(
        name: "Sessions",
        subcommands: [
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
        ]),
      CommandGroup(
        name: "History and bug reproduction",
        subcommands: [
          HistoryCommand.self,
          ForkCommand.self,
          BundleCommand.self,
          ImportBundleCommand.self,
          CheckCommand.self,
          MinimizeCommand.self,
          FuzzCommand.self,
        ]),
      CommandGroup(
        name: "Practice",
        subcommands: [
          PlayCommand.self,
          DevicesCommand.self,
        ]),
      CommandGroup(
        name: "Audio",
        subcommands: [
          TimelineCommand.self,
          RenderCommand.self,
          PeaksCommand.self,
          StretchCommand.self,
        ]),
      CommandGroup(name: "Inspector", subcommands: [ServeCommand.self]),
    ]
  )
}
