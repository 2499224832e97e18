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
      replaying from the start. Without --json, one field per line: the track, transport, \
      loop and markers (by number and time) first, the undo history last.
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

  func validate() throws {
    if let timeRandomPoints, !(1...1_000_000).contains(timeRandomPoints) {
      throw ValidationError("--time-random-points must be 1 to 1000000, not \(timeRandomPoints)")
    }
  }

  func run() throws {
    let clock = ContinuousClock()
    let start = clock.now
    let cpuStart = Foundation.clock()
    let store = try database.openLog(.mustExist)
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
      for line in TextTable.lines(try Self.rows(state)) { output.line(line) }
    }
    try output.flush()
  }

  /// The text rows, in the order a musician reads a state: what is loaded and playing first, the
  /// undo history last; markers by number and time (their ids all start alike: they derive from
  /// the session id).
  static func rows(_ state: State) throws -> [[String]] {
    let order = ["track", "transport", "loop", "markers", "viewport", "mode"]
    func rank(_ path: String) -> Int {
      let head = path.prefix { $0 != "." && $0 != "[" }
      if head == "history" { return order.count + 1 }
      return order.firstIndex(of: String(head)) ?? order.count
    }
    var rows = try StateDiff.fields(of: state)
      .filter { !$0.path.hasPrefix("markers[") }
      .map { [$0.path, $0.value] }
    let markers = state.markers.enumerated().map { index, marker in
      ["markers[\(index + 1)]", "\(formatTime(marker.timeSec))  id \(marker.id.uuidString)"]
    }
    rows += markers.isEmpty ? [["markers", "none"]] : markers
    // Stable: the fields keep their order within a group.
    return rows.enumerated().sorted {
      (rank($0.element[0]), $0.offset) < (rank($1.element[0]), $1.offset)
    }
    .map(\.element)
  }
}
