import ArgumentParser
import Foundation
import Sharp9App
import Sharp9Domain
import Sharp9Store

extension SynchronousMode: ExpressibleByArgument {}

/// `sharp9 record [--audio PATH] [--title T]`: the live recorder behind a pipe.
struct RecordCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "record",
    abstract: "Record a live session from JSON Lines actions on standard input.",
    discussion: """
      Each input line is one action in the JSON interchange form, e.g. {"type":"setA","timeSec":1.5}. \
      It is stamped with the recorder's monotonic clock (seconds since recording started), \
      appended durably, and answered with exactly one output line, flushed at once: the \
      resulting state as compact JSON (see --answer), or {"error":"…"} (the line is then not \
      recorded). A line may carry its own "t": it must be finite, not before the previous \
      event's, and within the year 9999; lines without "t" are never stamped before the last \
      recorded one, so no line can block the lines after it. Blank lines are answered with the \
      current state. The session is created with the first recorded action; its id goes to \
      standard error.
      """)

  @Option(help: ArgumentHelp("The audio file being practiced on.", valueName: "path"))
  var audio: String?

  @Option(help: "The session's title (default: \"live session\").")
  var title: String?

  @Option(
    help: ArgumentHelp(
      "full: each append is fsynced before it is answered (survives power loss); normal: no"
        + " fsync per append (survives kill -9, not power loss; much faster).",
      valueName: "mode"))
  var sync: SynchronousMode = .full

  @Option(
    help: ArgumentHelp(
      "What each line is answered with: state (the whole state as compact JSON), compact"
        + " ({\"seq\",\"t\",\"effects\"}) or none (only errors are answered).",
      valueName: "answer"))
  var answer: RecordAnswer = .state

  @OptionGroup var database: DatabaseOptions

  func run() throws {
    if let audio, AudioFileLocator.locate(path: audio) == nil {
      // A path that names no readable file would be recorded without its hash: refuse it.
      throw CommandFailure(
        .noInput, "cannot read audio file \(audio): no such file. Check the path")
    }
    // Described before the database is opened: a directory or a device is refused first.
    let source = try audio.map { try RecordedAudio.describing($0) }
    let store = try database.location().open(.createIfMissing, synchronous: sync)
    let core = try AppCore(
      dependencies: AppDependencies(log: store, engine: SilentAudioEngine(recordsCalls: false)),
      start: .new(
        NewSessionInfo(
          title: title ?? "live session", audio: source,
          sharp9Version: Sharp9Command.release)),
      reportsLoadResults: false)
    let encoder = OrderedJSONEncoder()
    let codec = StateCodec()
    var output = StandardOutput()
    var lineNumber = 0
    var input = StandardInput()
    while let text = try nextLine(&input, core: core) {
      lineNumber += 1
      let reply: String?
      do {
        var step: RecordedStep?
        if let (action, explicitT) = try Self.parse(text, number: lineNumber) {
          let isFirst = core.session == nil
          let sent = try core.send(action, at: explicitT)
          if let first = sent.events.first {
            step = RecordedStep(seq: first.seq, t: first.t, effects: sent.effects)
          }
          if isFirst, let session = core.session {
            Self.note("session \(session.idString)")
          }
          for failure in sent.failures {
            Self.note("warning: the engine could not perform \(failure.effect): \(failure.error)")
          }
        }
        switch answer {
        // The same bytes as `encoder.string(state)`, far faster for a state with history.
        case .state: reply = try codec.interchangeJSON(core.state)
        case .compact:
          reply = try encoder.string(step ?? RecordedStep(seq: core.session?.eventCount ?? 0))
        case .quiet: reply = nil
        }
      } catch {
        reply = Self.errorLine(error, encoder: encoder)
      }
      guard let reply else { continue }
      output.line(reply)
      do {
        try output.flush()
      } catch {
        // The answers cannot be delivered: stop taking actions, keep what was recorded.
        try core.finish()
        let kept = core.session.map {
          "\($0.eventCount) events were recorded in session \($0.idString)"
        }
        throw error.after(kept ?? "no session was created")
      }
    }
    if let session = core.session {
      try core.finish()
      Self.note("\(session.eventCount) events in session \(session.idString)")
    }
  }

  /// The next input line; a failed read ends the recording as the end of the input would (what
  /// was recorded is kept and named) and is reported as an I/O error.
  private func nextLine(_ input: inout StandardInput, core: AppCore) throws -> String? {
    do {
      return try input.line()
    } catch let failure as CommandFailure {
      try core.finish()
      let kept = core.session.map {
        "\($0.eventCount) events were recorded in session \($0.idString)"
      }
      throw CommandFailure(
        failure.status, failure.message + ". Nothing is lost: " + (kept ?? "no session was created")
      )
    }
  }

  private static func note(_ text: String) {
    StandardError.line("sharp9 record: \(text)")
  }

  /// The action of one input line (with its own `t`, if it has one), or `nil` for a blank line.
  private static func parse(_ text: String, number: Int) throws -> (Action, Double?)? {
    switch try SessionScriptParser.parseLine(text, number: number, requiresTime: false) {
    case nil: return nil
    case .header?:
      throw SessionScriptError(
        line: number, message: "record takes actions only (use --audio and --title for the session)"
      )
    case .action(let action, let t)?: return (action, t)
    }
  }

  /// `{"error":"…"}` with the same words as a command's error line.
  private static func errorLine(_ error: any Error, encoder: OrderedJSONEncoder) -> String {
    (try? encoder.string(["error": ErrorReport(error).message])) ?? #"{"error":"unprintable"}"#
  }
}

/// What `record` answers each line with.
enum RecordAnswer: String, ExpressibleByArgument, CaseIterable {
  /// The whole resulting state, as compact interchange JSON.
  case state
  /// The recorded event's number, `t` and effects: `{"seq":3,"t":1.5,"effects":[…]}`.
  case compact
  /// Nothing for a recorded line (`none`); errors are still answered.
  case quiet = "none"
}

/// The `--answer compact` line. A blank line is answered with the head and no `t`.
private struct RecordedStep: Encodable {
  var seq: Int64
  var t: Double?
  var effects: [Effect] = []
}
