import ArgumentParser
import Foundation
import Sharp9Domain
import Sharp9Store
import Sharp9Words

/// `sharp9 fuzz --seed S --events N [--runs R]`.
struct FuzzCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fuzz",
    abstract: "Generate random plausible sessions from a seed and check the replay properties.",
    discussion: """
      Each run generates a session from its seed (the same seed and length give the same session \
      on every machine): a track loaded, 30 Hz ticks while playing, seeks, loop edits and A/B \
      cycling, speed and pitch changes, markers, lock periods, toast timers. It checks every \
      state against the domain invariants, that two replays are identical, that snapshots restore \
      their states and that a stored session resumed from any snapshot equals a replay from \
      scratch. A failure is minimized (ddmin), saved as a session in the database, and its seed \
      printed; the exit status is 1 if any run failed.
      """)

  @Option(
    parsing: .unconditional, help: "The seed of the first run.")
  var seed: UInt64 = 1

  @Option(
    parsing: .unconditional, help: "Events per generated session.")
  var events = 1_000

  @Option(
    parsing: .unconditional, help: "How many runs, with seeds seed, seed+1, ….")
  var runs = 1

  @OptionGroup var database: DatabaseOptions

  func validate() throws {
    guard (0...Self.maxEvents).contains(events) else {
      throw ValidationError("--events must be 0 to \(Self.maxEvents), not \(events)")
    }
    guard (1...Self.maxRuns).contains(runs) else {
      throw ValidationError("--runs must be 1 to \(Self.maxRuns), not \(runs)")
    }
  }

  /// The most events per run: a session a run can build and replay in memory within minutes.
  static let maxEvents = 10_000_000
  /// The most runs in one command.
  static let maxRuns = 1_000_000

  func run() throws {
    let runner = FuzzRunner(stored: .store)
    var output = StandardOutput()
    var failures = 0
    let bar = ProgressBar(label: "fuzz")
    defer { bar.finish() }
    for offset in 0..<UInt64(runs) {
      bar.update(Double(offset) / Double(runs))
      let seed = seed &+ offset
      let report = try runner.run(seed: seed, events: events)
      guard let problem = report.problem else {
        output.line("seed \(seed): ok (\(events) events)")
        continue
      }
      failures += 1
      output.line("seed \(seed): FAILED: \(FuzzProblemText.line(problem))")
      if let minimized = report.minimized {
        // The database is only opened (and created) when there is something to save.
        let new = NewSession(
          title: "fuzz seed \(seed) (\(events) events), minimized",
          startedAt: minimized.startedAt, audio: nil, sharp9Version: Sharp9Command.release)
        let saved = try database.withStoreCreatedIfMissing { store in
          try store.createSession(new, unrecordedScript: minimized)
        }
        output.line(
          "  minimized to \(saved.eventCount) events, saved as session \(saved.idString)"
            + " (reproduce: sharp9 fuzz --seed \(seed) --events \(events))")
      }
      try output.flush()
    }
    try output.flush()
    if failures > 0 { throw ExitCode(1) }
  }
}
