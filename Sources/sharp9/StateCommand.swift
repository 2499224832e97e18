import ArgumentParser
import Foundation
import Sharp9Domain
import Sharp9Store

/// `sharp9 state SESSION [--at N] [--json]`.
struct StateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "state",
    abstract: "Show a session's state after an event (by default after the last one).",
    discussion: """
      Rebuilt from the nearest snapshot at or before the event, then the reducer; identical to \
      replaying from the start. Without --json, one field per line.
      """)

  @OptionGroup var session: SessionArgument

  @Option(
    parsing: .unconditional,
    help: "The event to stop after (0 = before the first; default: the last).")
  var at: Int64?

  @Flag(help: "Print the state as one line of interchange JSON.")
  var json = false

  @Flag(help: .hidden) var printTiming = false

  @Option(help: .hidden) var timeRandomPoints: Int?

  @OptionGroup var database: DatabaseOptions

  func run() throws {
    let clock = ContinuousClock()
    let start = clock.now
    let cpuStart = Foundation.clock()
    let store = try database.open(.mustExist)
    let record = try store.session(matching: session.session)
    if let timeRandomPoints {
      try Self.timeRandomPoints(timeRandomPoints, of: record, in: store)
      return
    }
    let state = try store.state(of: record, at: at)
    if printTiming {
      // For scripts/bench-store.sh: open + resolve + rebuild, without process start-up.
      let elapsed = (clock.now - start) / .microseconds(1)
      let cpu = Double(Foundation.clock() - cpuStart) * 1e6 / Double(CLOCKS_PER_SEC)
      StandardError.line("state-at-us \(Int(elapsed)) cpu-us \(Int(cpu))")
    }
    var output = StandardOutput()
    if json {
      // The same bytes as `Interchange.string(state)`, far faster for a state with history.
      output.line(try StateCodec().interchangeJSON(state))
    } else {
      let rows = try StateDiff.fields(of: state).map { [$0.path, $0.value] }
      for line in TextTable.lines(rows) { output.line(line) }
    }
    try output.flush()
  }
}
