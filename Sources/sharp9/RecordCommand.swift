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
      It is stamped with the recorder's monotonic clock (seconds since recording started; a line \
      may carry its own "t", which must not go backwards), appended durably, and answered with \
      exactly one output line, flushed at once: the resulting state as compact JSON, or \
      {"error":"…"} (the line is then not recorded). Blank lines are answered with the current \
      state. The session is created with the first recorded action; its id goes to standard error.
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

  @OptionGroup var database: DatabaseOptions

  func run() throws {
    let store = try EventStore(path: database.resolvedPath, synchronous: sync)
    let core = try AppCore(
      dependencies: AppDependencies(log: store, engine: SilentAudioEngine(recordsCalls: false)),
      start: .new(
        NewSessionInfo(
          title: title ?? "live session", audio: audio.map { RecordedAudio.describing($0) },
          sharp9Version: Sharp9Command.configuration.version)),
      reportsLoadResults: false)
    let encoder = OrderedJSONEncoder()
    let codec = StateCodec()
    var output = StandardOutput()
    var lineNumber = 0
    while let text = readLine(strippingNewline: true) {
      lineNumber += 1
      let answer: String
      do {
        if let (action, explicitT) = try Self.parse(text, number: lineNumber) {
          let isFirst = core.session == nil
          let sent = try core.send(action, at: explicitT)
          if isFirst, let session = core.session {
            Self.note("session \(session.idString)")
          }
          for failure in sent.failures {
            Self.note("warning: the engine could not perform \(failure.effect): \(failure.error)")
          }
        }
        // The same bytes as `encoder.string(state)`, far faster for a state with history.
        answer = try codec.interchangeJSON(core.state)
      } catch {
        answer = Self.errorLine(error, encoder: encoder)
      }
      output.line(answer)
      output.flush()
    }
    if let session = core.session {
      try core.finish()
      Self.note("\(session.eventCount) events in session \(session.idString)")
    }
  }

  private static func note(_ text: String) {
    FileHandle.standardError.write(Data("sharp9 record: \(text)\n".utf8))
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

  private static func errorLine(_ error: any Error, encoder: OrderedJSONEncoder) -> String {
    (try? encoder.string(["error": String(describing: error)])) ?? #"{"error":"unprintable"}"#
  }
}
