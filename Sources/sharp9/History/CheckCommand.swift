import ArgumentParser
import Sharp9Domain
import Sharp9Store
import Sharp9Words

/// `sharp9 check SESSION`: invariants on every replayed state.
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Replay a session and check the domain invariants on every state.",
    discussion: """
      Checks after every event the domain invariants: the playhead, loop points, markers and \
      viewport within the track; A not after B; the loop enabled only with A and B; speed and \
      pitch in range and on their grids; no duplicate marker ids; no playing or loading without \
      a track. Exits 0 when every state \
      passes; otherwise prints the first violating event, the rules it broke and the state diff \
      it made (before → after), and exits 1.
      """)

  @OptionGroup var session: SessionArgument
  @Flag(help: "Print the report as one JSON object (the exit status is the same).")
  var json = false

  @OptionGroup var database: DatabaseOptions

  func run() throws {
    let store = try database.openLog(.mustExist)
    let report = try store.check(try store.session(matching: session.session))
    var output = StandardOutput()
    if json {
      output.line(try ReportJSON.line(ReportJSON.Check(report)))
      try output.flush()
      if !report.passed { throw ExitCode(ExitStatus.foundProblem.rawValue) }
      return
    }
    let id = report.session.idString
    guard let finding = report.finding else {
      output.line(
        "ok: session \(id): \(report.eventsChecked) events, every state keeps every invariant")
      try output.flush()
      return
    }
    output.line(
      "violation: session \(id) at event \(finding.seq) (\(formatTime(finding.t)))"
        + " \(EventText.summary(finding.action))")
    for violation in finding.violations { output.line("  \(InvariantText.sentence(violation))") }
    output.line("state diff made by event \(finding.seq) (before → after):")
    for change in report.changes { output.line("  \(change)") }
    try output.flush()
    throw ExitCode(1)
  }
}
