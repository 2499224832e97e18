import ArgumentParser
import Sharp9Domain
import Sharp9Store
import Sharp9Words

/// `sharp9 log SESSION`: the events, one per line, with the effects each emitted.
struct LogCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "log",
    abstract: "Show a session's events with the effects the reducer emitted for each.",
    discussion: """
      One line per event: sequence number, t as MM:SS.xx, what happened, and after → the engine \
      effects, as replayed by the current reducer.
      """)

  @OptionGroup var session: SessionArgument
  @Flag(help: "Print one JSON object per event (JSON Lines): seq, t, action, effects, note.")
  var json = false

  @OptionGroup var database: DatabaseOptions

  func run() throws {
    let store = try database.openLog(.mustExist)
    let record = try store.session(matching: session.session)
    let replay = try store.replay(record)
    let marks = EditMarksText.marks(try store.editTimeline(of: record))
    let width = String(record.eventCount).count
    var output = StandardOutput()
    // The state each event was applied to, to name a deleted marker by number and time.
    var before = State()
    while let step = try replay.next() {
      defer { before = step.state }
      if json {
        output.line(
          try ReportJSON.line(
            ReportJSON.Event(
              seq: step.seq, t: step.t, action: step.action, effects: step.effects,
              note: marks[step.seq])))
        continue
      }
      let seq = String(step.seq)
      var line = String(repeating: " ", count: width - seq.count) + seq
      line += "  " + formatTime(step.t) + "  " + EventText.summary(step.action, before: before)
      if !step.effects.isEmpty {
        line += "  → " + step.effects.map(EventText.summary).joined(separator: "; ")
      }
      if let mark = marks[step.seq] { line += "  [\(mark)]" }
      output.line(TerminalText.escaped(line))
    }
    try output.flush()
  }
}
