import Sharp9Audio

/// The round trip a take recorder moves the captured input back by, from where the stream's
/// report settled and through each lasting move of it since (``InputCapture/Shift``), so a take
/// recorded after a sound server shifted its buffers lines up as one recorded before.
///
/// Frames here are of two kinds: a *capture* frame is the session frame of the output block an
/// input block came with; a *stamp* is the session frame the input is placed at (the capture
/// frame less the round trip then). A move reported at frame J shows in the input from the stamp
/// J on, stamped with the round trip before it: the song frames from J on were played later by
/// the move, and the input hears them later by as much. Moved longer, the input stamped just
/// after the move covers song frames the input before it already covered (what the input heard
/// while the device was silent, which the take recorder drops); moved shorter, it leaves a gap.
struct RoundTripSchedule {
  /// From the capture frame `from` on, the input is moved back by `latency`; in capture order.
  private var segments: [(from: Int64, latency: Int64)]
  /// Whether the stream's timestamps report a round trip (without, moves cannot be followed).
  private let reports: Bool

  /// Moves smaller than this (half the jump that makes a move) are the reports' jitter: the
  /// settled median of two streams' reports whose round trip had not moved differed by up to
  /// 69 frames, about a millisecond and a half.
  static let smallestMoveSec = InputCapture.roundTripJumpSec / 2

  /// A stream whose input is `latency` frames behind its output where its report settled;
  /// `reports`: whether its timestamps report a round trip (else moves cannot be followed).
  /// `earlier` are the moves queued so far: those before the report settled were already in
  /// it, so the input before them was that much less behind (they are followed from here on,
  /// as any other; a stream that reports no round trip follows none, and its latency stands
  /// for all its input).
  init(latency: Int64, reports: Bool, earlier: [InputCapture.Shift], sampleRate: Int) {
    let before = earlier.filter {
      reports && $0.beforeSettled && Self.isMove($0, sampleRate: sampleRate)
    }
    segments = [(.min, latency - before.reduce(0) { $0 + $1.movedFrames })]
    self.reports = reports
  }

  /// Whether `shift` is a move, not the reports' jitter.
  static func isMove(_ shift: InputCapture.Shift, sampleRate: Int) -> Bool {
    Double(shift.movedFrames.magnitude) >= smallestMoveSec * Double(sampleRate)
  }

  /// The round trip in effect for the latest input.
  var latest: Int64 { segments[segments.count - 1].latency }

  /// What following a move did.
  enum Followed: Equatable {
    /// The input from the move on is moved back by a new round trip; `before` is the old one.
    case moved(before: Int64)
    /// The move was smaller than ``smallestMoveSec``: nothing changed.
    case jitter
    /// The stream's report never settled, so the move cannot be followed: a dropout.
    case cannot
  }

  /// Follows `shift` (of `sampleRate`'s frames).
  mutating func follow(_ shift: InputCapture.Shift, sampleRate: Int) -> Followed {
    guard reports else { return .cannot }
    guard Self.isMove(shift, sampleRate: sampleRate) else { return .jitter }
    let moved = shift.movedFrames
    let previous = segments[segments.count - 1]
    segments.append((max(previous.from, shift.frame + previous.latency), max(0, latest + moved)))
    return .moved(before: previous.latency)
  }

  /// The round trip the input captured at `frame` is moved back by.
  func latency(atCapture frame: Int64) -> Int64 {
    segments.last { $0.from <= frame }?.latency ?? latest
  }

  /// Where the input captured at `frame` is placed.
  func stamp(_ frame: Int64) -> Int64 { frame - latency(atCapture: frame) }

  /// The first capture frame whose place is not known while the stream's round trip is
  /// undecided from `undecided` (a move may be starting or settling there; nil: decided for
  /// every block): the input stamped from there on, with the latest round trip, may move.
  func firstUndecidedCapture(undecided: Int64?) -> Int64 {
    guard let undecided else { return .max }
    return max(segments[segments.count - 1].from, undecided + latest)
  }

  /// The runs of `count` captured frames from `frame` that are placed by one round trip each:
  /// where each starts (its offset in frames), how many, the round trip, and the stamp of its
  /// first.
  func runs(from frame: Int64, count: Int) -> [Run] {
    var runs: [Run] = []
    var at = frame
    let end = frame + Int64(count)
    while at < end {
      let next = segments.first { $0.from > at }?.from ?? .max
      let until = min(end, next)
      let latency = latency(atCapture: at)
      runs.append((Int(at - frame), Int(until - at), latency, at - latency))
      at = until
    }
    return runs
  }

  /// A run of ``runs(from:count:)``.
  typealias Run = (offset: Int, frames: Int, latency: Int64, stamp: Int64)
}
