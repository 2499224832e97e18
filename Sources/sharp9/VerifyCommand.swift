import ArgumentParser
import Sharp9Store
import Sharp9Words

/// `sharp9 verify SESSION`: replay against the recorded checkpoints.
struct VerifyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "verify",
    abstract: "Replay a session from scratch and compare it with its recorded checkpoints.",
    discussion: """
      Exits 0 when every checkpoint matches. Otherwise prints the first divergent checkpoint, the \
      range of events the divergence happened in, and the recorded → replayed field differences, \
      and exits 1. A session recorded by another reducer version is replayed with the current one \
      and the difference is reported.
      """)

  @OptionGroup var session: SessionArgument
  @Flag(help: "Print the report as one JSON object (the exit status is the same).")
  var json = false

  @OptionGroup var database: DatabaseOptions

  func run() throws {
    let store = try database.openLog(.mustExist)
    let bar = ProgressBar(label: "verify")
    let report = try store.verify(
      try store.session(matching: session.session), progress: bar.update)
    bar.finish()
    var output = StandardOutput()
    if json {
      output.line(try ReportJSON.line(ReportJSON.Verify(report)))
      try output.flush()
      if !report.isOK { throw ExitCode(ExitStatus.foundProblem.rawValue) }
      return
    }
    let id = report.session.idString
    if report.reducerChanged {
      output.line(
        "note: recorded with reducer \(report.recordedReducerVersion), replayed with reducer"
          + " \(report.currentReducerVersion)")
    }
    guard let divergence = report.divergence else {
      output.line(
        "ok: session \(id): \(report.eventsReplayed) events replayed,"
          + " \(report.checkpointsCompared) checkpoints match (reducer \(report.currentReducerVersion))"
      )
      try output.flush()
      return
    }
    output.line(
      "diverged: session \(id) at checkpoint \(divergence.seq) (last matching checkpoint:"
        + " \(divergence.lastAgreeingSeq); the divergence is in events"
        + " \(divergence.lastAgreeingSeq + 1)…\(divergence.seq))")
    if let problem = divergence.snapshotProblem {
      output.line("  " + VerifyText.snapshotProblem(problem, at: divergence.seq))
    }
    output.line("recorded → replayed:")
    for change in divergence.changes { output.line("  \(change)") }
    for line in try DivergenceText.lines(store, report) { output.line(line) }  // history hook
    try output.flush()
    throw ExitCode(1)
  }
}
