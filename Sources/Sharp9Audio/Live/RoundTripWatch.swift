/// Follows the round trip a duplex stream's timestamps report block by block (when the output
/// block reaches the DAC less when the input block left the ADC) and finds where it moves for
/// good: a sound server can shift its buffers under load (PulseAudio does, after a stall, often
/// without reporting an underrun), and from there on the input is behind the output by the new
/// round trip.
///
/// A move is a jump of more than ``InputCapture/roundTripJumpSec`` from the level of the
/// ``levelBlocks`` blocks before it that lasts ``InputCapture/roundTripJumpBlocks`` blocks (a busy
/// machine's timestamps also spike for a block or two and come back: those moved nothing). The
/// level is the recent one, not the stream's first: a stream's report may drift for its first
/// seconds by several milliseconds while the input does not move (``ReportedRoundTrip``), at most
/// 5.6 ms a second seen (0.5 ms over the level's blocks and a jump's), and taken for moves that
/// drift once put a take 4.5 ms off. The new round trip is then settled as the median of the next
/// ``settleBlocks`` blocks' reports, and the move is by how far it is from the level before. A
/// server shifting its buffers often jumps back and forth for a while (a PulseAudio period, 1,279
/// frames, up and down for a second has been seen): each further jump starts the settling again,
/// and the move keeps the frame of the first jump. A move that does not settle within
/// ``giveUpBlocks`` is reported unsettled.
///
/// Measured through PulseAudio (2026-11-27, a player stopped for 0.3 s while recording its sink's
/// monitor): the settled round trip was within 20 frames of where the recorded input really moved
/// to (10,505 reported against 10,485 found; 1,264 against 1,288 for a later shift).
///
/// Audio side only: ``note(_:atFrame:)`` never allocates, locks or waits (the median sorts a
/// buffer allocated in `init`).
final class RoundTripWatch {
  /// What a block's report changed.
  enum Finding: Equatable {
    /// The round trip moved for good, from the block at `frame`, by `movedSec`.
    case moved(frame: Int64, movedSec: Double)
    /// It moved from the block at `frame` and kept jumping: where to is not known.
    case unsettled(frame: Int64)
  }

  /// Blocks the new round trip is settled over (46 ms at 256 frames and 44.1 kHz).
  static let settleBlocks = 32
  /// Blocks whose median is the level a jump is measured from (93 ms at 256 frames and 44.1 kHz).
  static let levelBlocks = 16
  /// Blocks a move may take to settle (2 s at 256 frames and 44.1 kHz) before it is given up.
  static let giveUpBlocks = 344

  /// The level a jump away is measured from: the median of the blocks before it (nil: too few
  /// reports yet).
  private var reference: Double?
  /// The level before the move being settled.
  private var levelBefore = 0.0
  /// The last ``levelBlocks`` reports near the level, oldest overwritten first.
  private let recent = UnsafeMutableBufferPointer<Double>.allocate(capacity: levelBlocks)
  private let sorting = UnsafeMutableBufferPointer<Double>.allocate(capacity: levelBlocks)
  private var recentCount = 0
  /// Consecutive blocks away from ``reference``, and the first one's frame.
  private var awayBlocks = 0
  private var awaySince: Int64 = 0
  /// The move being settled: its first jump's frame, the blocks since it, the reports collected
  /// since its last jump.
  private var settling: (frame: Int64, blocks: Int, collected: Int)?
  private let samples = UnsafeMutableBufferPointer<Double>.allocate(capacity: settleBlocks)

  init() {
    samples.initialize(repeating: 0)
    recent.initialize(repeating: 0)
    sorting.initialize(repeating: 0)
  }

  deinit {
    samples.deallocate()
    recent.deallocate()
    sorting.deallocate()
  }

  /// The first block whose round trip is not known yet (a jump may be starting there, or a move
  /// settling), or nil when every block noted so far is known.
  var undecidedFrom: Int64? {
    if let settling { return settling.frame }
    return awayBlocks > 0 ? awaySince : nil
  }

  /// Notes the report of the block at `frame` (nil: it gave none); returns what it changed.
  func note(_ roundTripSec: Double?, atFrame frame: Int64) -> Finding? {
    guard let now = roundTripSec else { return settle(nil) }
    guard let reference else {
      remember(now)
      return settle(now)
    }
    guard abs(now - reference) > InputCapture.roundTripJumpSec else {
      awayBlocks = 0
      if settling == nil { remember(now) }
      return settle(now)
    }
    if awayBlocks == 0 { awaySince = frame }
    awayBlocks += 1
    guard awayBlocks >= InputCapture.roundTripJumpBlocks else { return settle(nil) }
    // A jump: the level follows it, and the move (a new one, or the one settling) settles from
    // here, measured from the level before its first jump.
    if settling == nil { levelBefore = reference }
    self.reference = now
    recentCount = 0
    awayBlocks = 0
    settling = (settling?.frame ?? awaySince, (settling?.blocks ?? 0) + 1, 0)
    return nil
  }

  /// Adds a report near the level and takes the level again (the median of the last
  /// ``levelBlocks``, once there are that many).
  private func remember(_ report: Double) {
    recent[recentCount % Self.levelBlocks] = report
    recentCount += 1
    guard recentCount >= Self.levelBlocks else { return }
    _ = sorting.update(fromContentsOf: recent)
    reference = medianSortingInPlace(sorting, count: sorting.count)
  }

  /// Counts a block towards the move settling, with its report when it is near the reference.
  private func settle(_ report: Double?) -> Finding? {
    guard var move = settling else { return nil }
    move.blocks += 1
    if let report {
      samples[move.collected] = report
      move.collected += 1
    }
    if move.collected == Self.settleBlocks {
      settling = nil
      let settled = medianSortingInPlace(samples, count: samples.count)
      reference = settled
      return .moved(frame: move.frame, movedSec: settled - levelBefore)
    }
    if move.blocks >= Self.giveUpBlocks {
      settling = nil
      return .unsettled(frame: move.frame)
    }
    settling = move
    return nil
  }
}
