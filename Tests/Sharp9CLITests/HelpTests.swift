import Testing

@Suite("sharp9 --help") struct HelpTests {
  /// One entry per subcommand, in the order `Sharp9Command` lists them (each helper adds its own
  /// lines here when it adds a subcommand).
  static let subcommands = [
    "  reduce                  Apply a session script's actions and print the",
    "                          resulting state as JSON.",
    "  import                  Store a session script (JSON Lines) as a new session;",
    "                          prints its id.",
    "  record                  Record a live session from JSON Lines actions on",
    "                          standard input.",
    "  sessions                List the stored sessions.",
    "  log                     Show a session's events with the effects the reducer",
    "                          emitted for each.",
    "  state                   Show a session's state after an event (by default",
    "                          after the last one).",
    "  diff                    Show the fields whose value differs between the",
    "                          states after events A and B.",
    "  export                  Write a session as a JSON Lines session script on",
    "                          standard output.",
    "  verify                  Replay a session from scratch and compare it with its",
    "                          recorded checkpoints.",
    "  delete                  Delete a session with its events and checkpoints.",
    "  timeline                Show where in the track playback was at every moment",
    "                          of a session.",
    "  render                  Render what was heard during a session to an audio",
    "                          file.",
    "  peaks                   Print the waveform peaks (min and max per time",
    "                          bucket) of an audio file.",
    "  stretch                 Change the speed and/or the pitch of an audio file",
    "                          independently.",
  ]

  static let expected =
    """
    OVERVIEW: Record, replay, inspect and render slow-down / pitch / loop practice
    sessions.

    USAGE: sharp9 <subcommand>

    OPTIONS:
      --version               Show the version.
      -h, --help              Show help information.

    SUBCOMMANDS:

    """ + subcommands.joined(separator: "\n")
      + """


        See 'sharp9 help <subcommand>' for detailed help.

      """

  @Test func topLevelHelpListsEverySubcommand() throws {
    let result = try CLI.run(["--help"])
    #expect(result == CLI.Result(status: 0, stdout: Self.expected, stderr: ""))
  }

  @Test func noArgumentsPrintsTheSameHelp() throws {
    let result = try CLI.run([])
    #expect(result.stdout == Self.expected)
  }

  @Test func versionIsPrinted() throws {
    #expect(try CLI.run(["--version"]) == CLI.Result(status: 0, stdout: "0.1.0\n", stderr: ""))
  }
}
