import ArgumentParser
import Foundation
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
    let clockStart = ContinuousClock.now
    let startedAt = Date()
    let store = try EventStore(path: database.resolvedPath, synchronous: sync)
    let source = audio.map { SessionAudio.describe($0) }
    let encoder = OrderedJSONEncoder()
    let codec = StateCodec()
    var recorder: Recorder?
    var output = StandardOutput()
    var lineNumber = 0
    while let text = readLine(strippingNewline: true) {
      lineNumber += 1
      let answer: String
      do {
        if let (action, explicitT) = try Self.parse(text, number: lineNumber) {
          let current =
            try recorder
            ?? Self.start(store: store, title: title, audio: source, startedAt: startedAt)
          recorder = current
          try current.send(action, at: explicitT ?? Self.seconds(since: clockStart))
        }
        // The same bytes as `encoder.string(state)`, far faster for a state with history.
        answer = try codec.interchangeJSON(recorder?.state ?? State())
      } catch {
        answer = Self.errorLine(error, encoder: encoder)
      }
      output.line(answer)
      output.flush()
    }
    if let recorder {
      try recorder.finish(at: Date())
      FileHandle.standardError.write(
        Data(
          "sharp9 record: \(recorder.head) events in session \(recorder.session.idString)\n".utf8))
    }
  }

  /// The action of one input line (with its own `t`, if it has one), or `nil` for a blank line.
  private static func parse(_ text: String, number: Int) throws -> (Action, Double?)? {
    switch try LiveActionLine.parse(text, number: number) {
    case nil: return nil
    case .header?:
      throw SessionScriptError(
        line: number, message: "record takes actions only (use --audio and --title for the session)"
      )
    case .action(let action, let t)?: return (action, t)
    }
  }

  /// Creates the session (at the first action, so input without one leaves no session behind).
  private static func start(
    store: EventStore, title: String?, audio: AudioSource?, startedAt: Date
  ) throws -> Recorder {
    let session = try store.createSession(
      NewSession(
        title: title ?? "live session", startedAt: startedAt, audio: audio,
        sharp9Version: Sharp9Command.configuration.version))
    FileHandle.standardError.write(Data("sharp9 record: session \(session.idString)\n".utf8))
    return try Recorder(
      store: store, session: session, engine: SilentAudioEngine(recordsCalls: false))
  }

  private static func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
  }

  private static func errorLine(_ error: any Error, encoder: OrderedJSONEncoder) -> String {
    (try? encoder.string(["error": String(describing: error)])) ?? #"{"error":"unprintable"}"#
  }
}
