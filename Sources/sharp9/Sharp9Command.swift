import ArgumentParser
import Sharp9Domain
import Sharp9Store

/// The `sharp9` command: parses, calls the library, prints.
///
/// Subcommands are grouped by what a user is doing, in the order `--help` shows them.
@main
struct Sharp9Command: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sharp9",
    abstract: "Record, replay, inspect and render slow-down / pitch / loop practice sessions.",
    discussion: ExitStatus.table,
    version: versionText,
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
          AppCommand.self,
          LoopsCommand.self,
          JournalCommand.self,
          DevicesCommand.self,
        ]),
      CommandGroup(
        name: "Audio",
        subcommands: [
          TimelineCommand.self,
          RenderCommand.self,
          PeaksCommand.self,
          BeatsCommand.self,
          StretchCommand.self,
        ]),
      CommandGroup(
        name: "Inspector and sync",
        subcommands: [ServeCommand.self, TokensCommand.self, PushCommand.self, PullCommand.self]),
    ]
  )
}

extension Sharp9Command {
  /// The sharp9 release, recorded in every session it creates.
  static let release = "0.1.0"

  /// `sharp9 --version`: the release, the reducer version sessions are replayed with, and the
  /// newest database schema (migration) this build writes.
  static let versionText =
    "sharp9 \(release) (reducer \(Reducer.version), schema \(Migration.embedded.map(\.id).max() ?? 0))"
}
