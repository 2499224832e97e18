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
/// rather than be silently out of time. So is a jump of the round trip the device's timestamps
/// give (when the output block reaches the DAC less when the input block left the ADC) by more
/// than ``roundTripJumpSec`` that lasts ``roundTripJumpBlocks`` blocks: a sound server can shift
/// its buffers under load without reporting an underrun (PulseAudio does), and the timestamps
/// show it, at the block where the shift began. A busy machine's timestamps also spike for a
/// block or two and come back: those moved nothing, and are not dropouts.
///
/// The audio side (``capture(_:frames:atFrame:dropout:)``) never allocates, locks or waits.
public final class InputCapture: @unchecked Sendable {
  /// Interleaved channels per frame.
  public let channels: Int
  /// The round trip the device's timestamps report for this stream, settled over its first
  /// blocks.
  public let reportedRoundTrip: ReportedRoundTrip
  private let ring: SPSCRing<Float>
  /// The session frame of the ring's first sample (-1 until the first block).
  private let firstFrame = ManagedAtomic<Int64>(-1)
  private let overflowCount = ManagedAtomic<Int>(0)
  /// The frames of the blocks the device reported a dropout at.
  private let dropoutFrames = SPSCRing<Int64>(capacity: 1024, filler: 0)
  /// The round trip the timestamps gave since the last jump (the audio side's; nil: none yet).
  private var roundTripSec: Double?
  /// Consecutive blocks whose round trip is away from ``roundTripSec``, and the first one's frame
  /// (the audio side's).
  private var awayBlocks = 0
  private var awaySince: Int64 = 0

  /// How far the timestamps' round trip may wander before it counts as a dropout: above their
  /// jitter (up to 3.3 ms seen through PulseAudio on a busy machine), below a device block
  /// (5.8 ms at 256 frames and 44.1 kHz), the least a server shifts its buffers by.
  public static let roundTripJumpSec = 0.0045
  /// How many blocks in a row a round trip must stay away to be a jump (46 ms at 256 frames and
  /// 44.1 kHz): a server's shift stays, a busy machine's late timestamp does not.
  public static let roundTripJumpBlocks = 8
  // Reader side.
  private var framesRead: Int64 = 0

  /// Allocates a ring of `seconds` of `channels`-channel input at `sampleRate`.
  public init(channels: Int, sampleRate: Int, seconds: Double = 30) {
    precondition(channels > 0, "an input has at least one channel")
    self.channels = channels
    reportedRoundTrip = ReportedRoundTrip(sampleRate: sampleRate)
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
    var jumpedAt: Int64?
    if let now = roundTripSec {
      if let reference = self.roundTripSec, abs(now - reference) > Self.roundTripJumpSec {
        if awayBlocks == 0 { awaySince = frame }
        awayBlocks += 1
        if awayBlocks >= Self.roundTripJumpBlocks {
          jumpedAt = awaySince
          self.roundTripSec = now
          awayBlocks = 0
        }
      } else {
        awayBlocks = 0
        if self.roundTripSec == nil { self.roundTripSec = now }
      }
    }
    // Before the block: a reader that sees the block sees its dropout (both rings publish with
    // release ordering, in this order).
    if dropout { dropoutFrames.push(frame) }
    if let jumpedAt { dropoutFrames.push(jumpedAt) }
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
