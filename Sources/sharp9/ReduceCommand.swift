import ArgumentParser
import Sharp9Domain

/// `sharp9 reduce SCRIPT.jsonl [--at N] [--effects] [--compact]`: the reducer over a script,
/// without a database.
struct ReduceCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reduce",
    abstract: "Apply a session script's actions and print the resulting state as JSON.",
    discussion: """
      The script is JSON Lines: an optional first line {"session":{"startedAt":"…","audio":"…"}}, \
      then one action per line with "t", seconds since the session started, e.g. \
      {"type":"setA","timeSec":1.25,"t":3.5}. docs/reference/interchange.md documents every action.

      The whole script is checked before anything is printed: a bad line is reported as \
      "sharp9: error: FILE: line N: …" and the exit status is 65 (bad input data).

      Each action happens at startedAt + t (startedAt defaults to 1970-01-01T00:00:00Z); the \
      marker it creates gets an id derived from the session id \
      5A0E9D05-5C41-4E0A-9F00-000000000000 and its position in the script (1, 2, …), so the \
      output is the same on every run.
      """)

  @Argument(help: ArgumentHelp("The session script; - reads standard input.", valueName: "script"))
  var script: String

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Apply only the first <n> actions (default: all).", valueName: "n"))
  var at: Int?

  @Flag(help: "Print one JSON line per action instead: {\"seq\",\"t\",\"action\",\"effects\"}.")
  var effects = false

  @Flag(help: "Print the state on one line instead of indented.")
  var compact = false

  func validate() throws {
    if let at, at < 0 { throw ValidationError("--at must be 0 or more, not \(at).") }
  }

  func run() throws {
    let input = ScriptInput(path: script)
    let session = try input.readScript()
    let count = at ?? session.actions.count
    guard count <= session.actions.count else {
      throw CommandFailure(
        .usage,
        "\(input.name): --at \(count) is beyond the script's \(session.actions.count) actions."
          + " Give --at 0…\(session.actions.count)")
    }
    var state = State()
    var output = StandardOutput()
    let encoder = OrderedJSONEncoder()
    for index in 0..<count {
      let scripted = session.actions[index]
      let emitted = Reducer.reduce(
        into: &state, action: scripted.action, context: session.context(forActionAt: index))
      if effects {
        let step = Step(seq: index + 1, t: scripted.t, action: scripted.action, effects: emitted)
        output.line(try encoder.string(step))
      }
    }
    if !effects { output.line(try OrderedJSONEncoder(pretty: !compact).string(state)) }
    try output.flush()
  }

  /// One line of `--effects` output.
  private struct Step: Encodable {
    var seq: Int
    var t: Double
    var action: Action
    var effects: [Effect]
  }
}
