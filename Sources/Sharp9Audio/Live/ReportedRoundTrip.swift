import Atomics

/// The round trip (output → input) a duplex stream's own timestamps report, settled once they
/// hold steady: for each callback, when its output block reaches the DAC less when its input
/// block left the ADC (PortAudio's `outputBufferDacTime − inputBufferAdcTime`).
///
/// A sound server sets its buffers up anew for each stream, so the same device pair's round trip
/// changes from one stream to the next by whole buffer periods (PulseAudio: 5,120, 6,399, 7,678
/// or 12,797 frames in fourteen calibrations on one machine), and the timestamps follow it to
/// within a few frames once they have settled. They take a while to: through PulseAudio a
/// stream's report may drift for its first seconds (by 4.0 to 7.4 ms over the first 20 s in
/// three of eighteen streams that reported no dropout, 2026-11-28, at the lowest buffer and at
/// 100 ms alike), then climb back in steps every 1.5 s to where it stays, while what the input
/// hears does not move at all. The report of a stream's
/// first half second put a take 4.5 ms off (200 frames), where the report 15 s later was within
/// 0.2 ms of it. So the settled value is the median of the last window of ``Settling/windowBlocks``
/// blocks once ``Settling/steadyWindows`` windows in a row have had medians within
/// ``Settling/steadySpreadSec`` of each other, and not before ``Settling/minimumWindows`` (6.5 s
/// at 256 frames and 44.1 kHz for a stream that starts steady; 13 to 19 s for those that
/// drifted). A stream that is still not steady after
/// ``Settling/giveUpBlocks`` settles on its last window, marked not steady (``isSteady``).
///
/// The audio side (``note(_:)``) never allocates, locks or waits; one reader asks ``settled``.
public final class ReportedRoundTrip: @unchecked Sendable {
  /// What the stream reported so far.
  public enum Settled: Sendable, Equatable {
    /// Not steady yet.
    case pending
    /// The settled round trip, in frames.
    case frames(Int64)
    /// The stream gave no timestamps.
    case unreported
  }

  /// When a stream's report counts as settled.
  public struct Settling: Sendable {
    /// Blocks left out while the stream starts.
    public var skippedBlocks: Int
    /// Blocks each median is taken over.
    public var windowBlocks: Int
    /// Windows in a row whose medians must agree.
    public var steadyWindows: Int
    /// Windows before any can settle.
    public var minimumWindows: Int
    /// How far those medians may spread.
    public var steadySpreadSec: Double
    /// Blocks after which a report that never held steady settles anyway, on its last window.
    public var giveUpBlocks: Int

    /// Blocks, windows, spread and the give-up.
    public init(
      skippedBlocks: Int, windowBlocks: Int, steadyWindows: Int, minimumWindows: Int,
      steadySpreadSec: Double, giveUpBlocks: Int
    ) {
      precondition(windowBlocks > 0 && steadyWindows > 0, "a window holds a block")
      self.skippedBlocks = skippedBlocks
      self.windowBlocks = windowBlocks
      self.steadyWindows = steadyWindows
      self.minimumWindows = minimumWindows
      self.steadySpreadSec = steadySpreadSec
      self.giveUpBlocks = giveUpBlocks
    }

    /// A device's, for blocks of `framesPerBlock` at `sampleRate`: windows of 0.37 s (64 blocks
    /// of 256 frames at 44.1 kHz), 8 in a row within half a millisecond (the steps of a drifting
    /// PulseAudio report were still 0.6 ms at 12 s, the medians of a steady one within 0.23 ms
    /// idle and 0.48 ms beside two busy loops), not before 6.5 s (a drifting report was first put
    /// back 4.8 to 6 s after the stream started, and may hold flat and wrong until then), given
    /// up after ``deviceGiveUpSec``. In seconds, not blocks: a stream at 8 kHz has blocks 5.5
    /// times as long.
    public static func device(framesPerBlock: Int, sampleRate: Int) -> Settling {
      let blockSec = Double(framesPerBlock) / Double(sampleRate)
      let blocks = { (seconds: Double) in max(1, Int((seconds / blockSec).rounded())) }
      let window = max(4, blocks(0.3715))
      return Settling(
        skippedBlocks: blocks(0.186), windowBlocks: window, steadyWindows: 8,
        minimumWindows: Int((6.3 / (Double(window) * blockSec)).rounded(.up)),
        steadySpreadSec: 0.0005, giveUpBlocks: blocks(deviceGiveUpSec))
    }

    /// How long a device's report may take to settle (24 s: the take recorder holds a stream's
    /// input in memory until then, and calibration runs on that long).
    public static let deviceGiveUpSec = 23.78

    /// A device's for 256-frame blocks at 44.1 kHz: 32 blocks skipped, windows of 64, not before
    /// 17 windows, given up after 4,096 blocks.
    public static let device = device(framesPerBlock: 256, sampleRate: 44_100)
  }

  /// The longest report taken as one: a device's timestamps saying more (or a negative time, or
  /// not a number) are nonsense, not a round trip, and are left out.
  public static let longestSec = 10.0

  private let sampleRate: Double
  /// The rule.
  public let settling: Settling
  // The audio side's.
  private let window: UnsafeMutableBufferPointer<Double>
  private let medians: UnsafeMutableBufferPointer<Double>
  private var blocks = 0
  private var windowFilled = 0
  private var windowReported = 0
  private var mediansNoted = 0
  private var done = false
  /// The settled round trip in seconds, once settled (the audio side's).
  public private(set) var settledSec: Double?
  /// Whether the stream is still in its start-up blocks, left out (the audio side's).
  public var isStarting: Bool { blocks <= settling.skippedBlocks }
  // Published with release ordering, `state` last.
  private let settledFrames = ManagedAtomic<Int64>(0)
  /// The last window's median in frames (-1: none yet).
  private let lastWindowFrames = ManagedAtomic<Int64>(-1)
  private let state = ManagedAtomic<Int>(State.pending)

  /// The values of `state`.
  private enum State {
    static let pending = 0
    static let steady = 1
    static let unreported = 2
    /// Settled on the last window at the give-up.
    static let gaveUp = 3
  }

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

  /// Reports in seconds become frames at `sampleRate`, settled by `settling`.
  public init(sampleRate: Int, settling: Settling = .device) {
    self.sampleRate = Double(sampleRate)
    self.settling = settling
    window = .allocate(capacity: settling.windowBlocks)
    window.initialize(repeating: 0)
    medians = .allocate(capacity: settling.steadyWindows)
    medians.initialize(repeating: 0)
  }

  deinit {
    window.deallocate()
    medians.deallocate()
  }

  /// Notes one callback's reported round trip (nil: it reported none). Audio side only.
  public func note(_ roundTripSec: Double?) {
    guard !done else { return }
    blocks += 1
    guard blocks > settling.skippedBlocks else { return }
    if let roundTripSec = Self.plausible(roundTripSec) {
      window[windowReported] = roundTripSec
      windowReported += 1
    }
    windowFilled += 1
    if windowFilled == settling.windowBlocks {
      let reported = windowReported
      windowFilled = 0
      windowReported = 0
      if reported * 2 >= settling.windowBlocks {
        let latest = medianSortingInPlace(window, count: reported)
        medians[mediansNoted % settling.steadyWindows] = latest
        mediansNoted += 1
        lastWindowFrames.store(Int64((latest * sampleRate).rounded()), ordering: .relaxed)
        if mediansNoted >= max(settling.steadyWindows, settling.minimumWindows),
          let low = medians.min(), let high = medians.max(),
          high - low <= settling.steadySpreadSec
        {
          return publish(latest, state: State.steady)
        }
      } else if mediansNoted == 0 {
        // Fewer than half the first window's blocks reported: the stream's timestamps cannot be
        // relied on. A later window as sparse (a stall) is left out.
        return publish(nil, state: State.unreported)
      }
    }
    if blocks >= settling.giveUpBlocks {
      guard mediansNoted > 0 else { return publish(nil, state: State.unreported) }
      let last = medians[(mediansNoted - 1) % settling.steadyWindows]
      publish(last, state: State.gaveUp)
    }
  }

  private func publish(_ seconds: Double?, state settledState: Int) {
    done = true
    settledSec = seconds
    if let seconds {
      settledFrames.store(Int64((seconds * sampleRate).rounded()), ordering: .relaxed)
    }
    state.store(settledState, ordering: .releasing)
  }

  /// The settled round trip. Reader side.
  public var settled: Settled {
    switch state.load(ordering: .acquiring) {
    case State.steady, State.gaveUp: .frames(settledFrames.load(ordering: .relaxed))
    case State.unreported: .unreported
    default: .pending
    }
  }

  /// The last window's median in frames, settled or not (nil: no window yet): the best there
  /// is when a stream ends before its report has settled. Reader side.
  public var lastWindow: Int64? {
    let frames = lastWindowFrames.load(ordering: .relaxed)
    return frames < 0 ? nil : frames
  }

  /// Whether the report held steady before it settled (false: it gave up waiting, and what it
  /// settled on may be milliseconds off). Reader side, once ``settled`` is not pending.
  public var isSteady: Bool { state.load(ordering: .acquiring) == State.steady }
}
