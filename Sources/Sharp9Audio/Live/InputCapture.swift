import Atomics

/// The input side of a duplex device stream: every callback's input block, in order, through a
/// preallocated lock-free ring from the audio thread to one reader (the take recorder's
/// thread), which learns the session frame of each sample.
///
/// The device delivers the input of a callback together with the output block it renders, so
/// the block's first input frame is stamped with the output block's first session frame (the
/// round trip output → input is the device's latency, compensated by calibration and by
/// ``reportedRoundTrip``). The ring
/// starts at the first block captured and is continuous from there: blocks are pushed whole or
/// not at all, and a block that does not fit is counted (``overflows``) and ends the capture,
/// since every later stamp would be wrong.
///
/// A dropout the device reports (an output underrun or an input overflow: the device played or
/// recorded something other than the blocks in order, so what the input hears may move against
/// the song from there on) is queued too, at its block's frame, so a take can say it has one
/// rather than be silently out of time. A lasting move of the round trip the device's timestamps
/// give (``RoundTripWatch``: a sound server can shift its buffers under load without reporting an
/// underrun, and PulseAudio does) is queued as a ``Shift`` once settled, so the take recorder
/// moves the input after it by the new round trip; one that does not settle is a dropout.
///
/// The audio side (``capture(_:frames:atFrame:dropout:)``) never allocates, locks or waits.
public final class InputCapture: @unchecked Sendable {
  /// Interleaved channels per frame.
  public let channels: Int
  /// The round trip the device's timestamps report for this stream, settled once they hold
  /// steady.
  public let reportedRoundTrip: ReportedRoundTrip
  private let ring: SPSCRing<Float>
  /// The session frame of the ring's first sample (-1 until the first block).
  private let firstFrame = ManagedAtomic<Int64>(-1)
  private let overflowCount = ManagedAtomic<Int>(0)
  /// The frames of the blocks the device reported a dropout at.
  private let dropoutFrames = SPSCRing<Int64>(capacity: 1024, filler: 0)
  /// The settled moves of the round trip, in order.
  private let shiftRing = SPSCRing<Shift>(
    capacity: 256, filler: Shift(frame: 0, movedFrames: 0, beforeSettled: false))
  /// The first block whose round trip is not known yet (`Int64.max`: every block captured is).
  private let undecided = ManagedAtomic<Int64>(.max)
  /// The audio side's watch on the timestamps' round trip.
  private let watch = RoundTripWatch()
  private let sampleRate: Double

  /// A lasting move of the round trip the device's timestamps report: from the block at session
  /// frame `frame` on, the input is `movedFrames` more behind the output than before. Since the
  /// input hears the output a round trip late, the move shows in it from the input stamped with
  /// the old round trip at `frame` on: what the input records of the song frames from `frame` on.
  public struct Shift: Sendable, Equatable, BitwiseCopyable {
    /// The session frame of the first block that moved.
    public var frame: Int64
    /// How much longer the round trip is from there on, in frames (negative: shorter).
    public var movedFrames: Int64
    /// Whether the move came before the stream's report settled: the settled round trip is then
    /// the one after it, and the input before it was behind by `movedFrames` less.
    public var beforeSettled: Bool

    /// The move at `frame` by `movedFrames`.
    public init(frame: Int64, movedFrames: Int64, beforeSettled: Bool) {
      self.frame = frame
      self.movedFrames = movedFrames
      self.beforeSettled = beforeSettled
    }
  }

  /// How far the timestamps' round trip may wander before it counts as a move: above their
  /// jitter (up to 3.3 ms seen through PulseAudio on a busy machine), below a device block
  /// (5.8 ms at 256 frames and 44.1 kHz), the least a server shifts its buffers by.
  public static let roundTripJumpSec = 0.0045
  /// How many blocks in a row a round trip must stay away to be a jump (46 ms at 256 frames and
  /// 44.1 kHz): a server's shift stays, a busy machine's late timestamp does not.
  public static let roundTripJumpBlocks = 8
  // Reader side.
  private var framesRead: Int64 = 0

  /// Allocates a ring of `seconds` of `channels`-channel input at `sampleRate` (the reader
  /// falling that far behind loses the capture: ``overflows``); the stream's report settles by
  /// `settling`.
  public init(
    channels: Int, sampleRate: Int, seconds: Double = 30,
    settling: ReportedRoundTrip.Settling = .device
  ) {
    precondition(channels > 0, "an input has at least one channel")
    self.channels = channels
    self.sampleRate = Double(sampleRate)
    reportedRoundTrip = ReportedRoundTrip(sampleRate: sampleRate, settling: settling)
    ring = SPSCRing(capacity: Int(seconds * Double(sampleRate)) * channels, filler: 0)
  }

  /// Blocks that did not fit the ring (the capture stopped at the first).
  public var overflows: Int { overflowCount.load(ordering: .relaxed) }

  // MARK: Audio side

  /// Queues `frames` interleaved input frames whose first is session frame `frame`, and the
  /// `dropout` the device reported with them. Call from the device callback only, once per
  /// callback, with consecutive frames.
  /// `roundTripSec` is the device's timestamps' round trip for the block (nil: unknown).
  public func capture(
    _ input: UnsafePointer<Float>, frames: Int, atFrame frame: Int64, dropout: Bool = false,
    roundTripSec: Double? = nil
  ) {
    reportedRoundTrip.note(roundTripSec)
    guard overflowCount.load(ordering: .relaxed) == 0 else { return }
    // The watch starts with the settling (the stream's first blocks report wildly).
    let finding =
      reportedRoundTrip.isStarting
      ? nil : watch.note(ReportedRoundTrip.plausible(roundTripSec), atFrame: frame)
    // Before the block: a reader that sees the block sees its dropout, its settled move and
    // whether its round trip is known (the rings publish with release ordering, in this order).
    if dropout { dropoutFrames.push(frame) }
    switch finding {
    case .moved(let from, let seconds):
      shiftRing.push(
        Shift(
          frame: from, movedFrames: Int64((seconds * sampleRate).rounded()),
          beforeSettled: reportedRoundTrip.settledSec == nil))
    case .unsettled(let from): dropoutFrames.push(from)
    case nil: break
    }
    undecided.store(watch.undecidedFrom ?? .max, ordering: .releasing)
    if firstFrame.load(ordering: .relaxed) < 0 { firstFrame.store(frame, ordering: .releasing) }
    if !ring.pushAll(UnsafeBufferPointer(start: input, count: frames * channels)) {
      overflowCount.wrappingIncrement(ordering: .relaxed)
    }
  }

  // MARK: Reader side

  /// The frames of the dropouts queued since the last call (at most `limit`), oldest first.
  public func dropouts(limit: Int = 64) -> [Int64] {
    var frames: [Int64] = []
    while frames.count < limit, let frame = dropoutFrames.pop() { frames.append(frame) }
    return frames
  }

  /// The settled moves of the round trip queued since the last call, oldest first.
  public func shifts() -> [Shift] {
    var shifts: [Shift] = []
    while let shift = shiftRing.pop() { shifts.append(shift) }
    return shifts
  }

  /// The first session frame whose round trip is not known yet (a move of it may be starting or
  /// settling there), or nil when it is known for every block captured. Read after the input:
  /// it then covers every block read.
  public var undecidedFrom: Int64? {
    let frame = undecided.load(ordering: .acquiring)
    return frame == .max ? nil : frame
  }

  /// Moves up to `buffer.count / channels` of the oldest frames into `buffer`; returns the
  /// session frame of the first and how many, or nil when nothing new was captured.
  public func read(into buffer: UnsafeMutableBufferPointer<Float>) -> (
    frame: Int64, frames: Int
  )? {
    let first = firstFrame.load(ordering: .acquiring)
    guard first >= 0 else { return nil }
    let whole = buffer.count - buffer.count % channels
    let samples = ring.pop(into: UnsafeMutableBufferPointer(rebasing: buffer[0..<whole]))
    guard samples > 0 else { return nil }
    let frame = first + framesRead
    let frames = samples / channels
    framesRead += Int64(frames)
    return (frame, frames)
  }
}
