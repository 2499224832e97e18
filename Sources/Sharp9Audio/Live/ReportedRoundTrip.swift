import Atomics

/// The round trip (output → input) a duplex stream's own timestamps report, settled over its
/// first blocks: for each callback, when its output block reaches the DAC less when its input
/// block left the ADC (PortAudio's `outputBufferDacTime − inputBufferAdcTime`).
///
/// A sound server sets its buffers up anew for each stream, so the same device pair's round trip
/// changes from one stream to the next by whole buffer periods (PulseAudio: 5,120, 6,399, 7,678
/// or 12,797 frames in fourteen calibrations on one machine), and the timestamps follow it to
/// within a few frames. Each block's report jitters (by milliseconds, and wildly while the
/// stream starts), so the settled value is the median of ``sampledBlocks`` blocks after the
/// first ``skippedBlocks``.
///
/// The audio side (``note(_:)``) never allocates, locks or waits; one reader asks ``settled``.
public final class ReportedRoundTrip: @unchecked Sendable {
  /// What the stream reported so far.
  public enum Settled: Sendable, Equatable {
    /// Too few blocks yet.
    case pending
    /// The median, in frames.
    case frames(Int64)
    /// The stream gave no timestamps.
    case unreported
  }

  /// Blocks left out while the stream starts.
  public static let skippedBlocks = 32
  /// Blocks the median is taken over.
  public static let sampledBlocks = 64
  /// The longest report taken as one: a device's timestamps saying more (or a negative time, or
  /// not a number) are nonsense, not a round trip, and are left out.
  public static let longestSec = 10.0

  private let sampleRate: Double
  private let samples = UnsafeMutableBufferPointer<Double>.allocate(capacity: sampledBlocks)
  /// Blocks noted so far (the audio side's).
  private var blocks = 0
  /// Samples stored, published with release ordering after each.
  private let stored = ManagedAtomic<Int>(0)
  /// Whether the sampling blocks have all been noted.
  private let complete = ManagedAtomic<Bool>(false)

  /// One callback's report: when its output block reaches the DAC less when its input block
  /// left the ADC, or nil when PortAudio gave either time as 0 (the host API does not say).
  public static func seconds(dacTimeSec: Double, adcTimeSec: Double) -> Double? {
    dacTimeSec > 0 && adcTimeSec > 0 ? dacTimeSec - adcTimeSec : nil
  }

  /// `roundTripSec` when it can be a round trip: within 0…``longestSec`` (not negative, not
  /// nonsense, not a number), else nil.
  public static func plausible(_ roundTripSec: Double?) -> Double? {
    roundTripSec.flatMap { (0...longestSec).contains($0) ? $0 : nil }
  }

  /// Reports in seconds become frames at `sampleRate`.
  public init(sampleRate: Int) {
    self.sampleRate = Double(sampleRate)
    samples.initialize(repeating: 0)
  }

  deinit { samples.deallocate() }

  /// Notes one callback's reported round trip (nil: it reported none). Audio side only.
  public func note(_ roundTripSec: Double?) {
    guard !complete.load(ordering: .relaxed) else { return }
    blocks += 1
    guard blocks > Self.skippedBlocks else { return }
    let count = stored.load(ordering: .relaxed)
    if let roundTripSec = Self.plausible(roundTripSec), count < Self.sampledBlocks {
      samples[count] = roundTripSec
      stored.store(count + 1, ordering: .releasing)
    }
    if blocks >= Self.skippedBlocks + Self.sampledBlocks {
      complete.store(true, ordering: .releasing)
    }
  }

  /// The settled round trip: the median of the sampled blocks' reports, once they are all in.
  /// Reader side.
  public var settled: Settled {
    guard complete.load(ordering: .acquiring) else { return .pending }
    let count = stored.load(ordering: .acquiring)
    // Fewer than half the blocks reported: the stream's timestamps cannot be relied on.
    guard count * 2 >= Self.sampledBlocks else { return .unreported }
    let median = Array(samples[0..<count]).sorted()[count / 2]
    return .frames(Int64((median * sampleRate).rounded()))
  }
}
