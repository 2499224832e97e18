import ArgumentParser
import Foundation
import Sharp9Domain
import Sharp9Store

/// `sharp9 minimize SESSION (--until COMMAND | --invariant | --diverges)`.
struct MinimizeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "minimize",
    abstract: "Shrink a session to the fewest actions that still show a failure (ddmin).",
    discussion: """
      Delta debugging (Zeller's ddmin) over the session's actions: candidates are subsequences, \
      each action keeping its t and order, until removing any one action makes the failure go \
      away. Choose one predicate:

      --until COMMAND: a shell command (/bin/sh -c) that exits 0 while the candidate still \
      fails. It gets the path of the candidate session script in $SHARP9_CANDIDATE, its action \
      count in $SHARP9_CANDIDATE_EVENTS, and the script on standard input; its output is \
      discarded. Example: --until 'sharp9 reduce --compact "$SHARP9_CANDIDATE" | grep -q Locked'. \
      Exit 1–63 means the failure is gone; 64–78 (sysexits.h), 126, 127 or a signal mean the \
      command could not run, and minimizing stops with status 69. --timeout kills a candidate's \
      command after that many seconds (the candidate then counts as not failing); an \
      interrupted minimize kills the command and removes its temporary files.

      --invariant: some state breaks a domain invariant (see `sharp9 check`).

      --diverges: the replays disagree: two replays differ, a snapshot does not restore its \
      state, or resuming from a stored snapshot differs from replaying from scratch.

      The minimal session is stored as a new session and printed as JSON Lines on standard \
      output (marker ids as `sharp9 reduce` reads them); a summary with the new session's id \
      goes to standard error.
      """)

  @OptionGroup var session: SessionArgument

  @Option(
    help: ArgumentHelp(
      "A shell command exiting 0 while the candidate still fails.", valueName: "command"))
  var until: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "With --until: kill a candidate's command after this many seconds (it then counts as"
        + " not failing).", valueName: "seconds"))
  var timeout: Double?

  @Flag(help: "Keep the failure \"some state breaks an invariant\".")
  var invariant = false

  @Flag(help: "Keep the failure \"the replays disagree\".")
  var diverges = false

  @OptionGroup var database: DatabaseOptions

  func validate() throws {
    let chosen = [until != nil, invariant, diverges].filter { $0 }.count
    guard chosen == 1 else {
      throw ValidationError(
        "choose exactly one predicate: --until COMMAND, --invariant or --diverges")
    }
    if let timeout, !(timeout > 0 && timeout <= Self.maxTimeout) {
      throw ValidationError(
        "--timeout must be a positive number of seconds up to \(Int(Self.maxTimeout)), not"
          + " \(timeout)")
    }
  }

  /// The longest `--timeout`, seconds (a week): its milliseconds must fit an `Int`.
  static let maxTimeout: Double = 7 * 86_400

  func run() throws {
    let store = try database.openLog(.mustExist)
    let record = try store.session(matching: session.session)
    let (actions, seqs) = try store.scriptedActions(of: record)
    let header = SessionScriptHeader(
      startedAt: record.startedAt.date, audio: record.audio?.path, title: record.title)
    let predicate: SessionMinimizer.Predicate
    var external: ExternalPredicate?
    var progress: ProgressBar?
    if let until {
      let command = try ExternalPredicate(
        command: until, timeout: timeout.map { .milliseconds(Int($0 * 1000)) })
      external = command
      let bar = ProgressBar(label: "minimize")
      progress = bar
      // ddmin's end is unknown; the share of actions removed so far is what a user watches.
      predicate = .custom {
        bar.update(1 - Double($0.actions.count) / Double(max(actions.count, 1)))
        return try command.holds($0)
      }
    } else {
      predicate = invariant ? .invariant : .diverges(.store)
    }
    let result = try SessionMinimizer().minimize(
      SessionScript(header: header, actions: actions), originalSeqs: seqs,
      recordedIn: record.id, predicate)
    progress?.finish()
    guard !result.script.actions.isEmpty else {
      // The predicate does not depend on the session: an empty session would "reproduce" it.
      throw CommandFailure(
        .badData,
        "cannot minimize session \(record.idString): the predicate holds even for a session"
          + " without actions, so it does not depend on the session. Nothing was saved; check"
          + " the predicate")
    }
    let saved = try store.createSession(
      NewSession(
        title:
          "\(record.title) (minimized, \(result.script.actions.count) of \(actions.count) events)",
        startedAt: record.startedAt.date, audio: record.audio,
        sharp9Version: Sharp9Command.release),
      unrecordedScript: result.script)
    var output = StandardOutput()
    output.write(try result.script.encoded())
    do {
      try output.flush()
    } catch {
      throw error.after("the minimal session was stored as session \(saved.idString)")
    }
    let kept = result.keptSeqs.map(String.init).joined(separator: ", ")
    let summary =
      "minimized \(record.idString) from \(actions.count) to \(result.script.actions.count) events"
      + " (kept \(kept)) in \(result.tests) tests; saved as session \(saved.idString)"
      + ((external?.timedOut ?? 0) > 0 ? " (\(external?.timedOut ?? 0) candidates timed out)" : "")
    StandardError.line(summary)
  }
}
