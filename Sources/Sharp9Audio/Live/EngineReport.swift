import Sharp9Domain

/// What the audio thread tells the front end after each device callback: where the clock and
/// the playhead are (the `tick` actions are built from these), the block's peak levels for the
/// meters (the output's, and a duplex stream's input's), and the health counters.
public struct EngineReport: Sendable, Equatable, BitwiseCopyable {
  /// The device frame the report describes (the end of the block just rendered).
  public var frame: Int64
  /// Frames in the block just rendered (it began at `frame - blockFrames`).
  public var blockFrames: Int
  /// When the block's first frame reaches the DAC, on the device's clock (PortAudio's
  /// `outputBufferDacTime`), or 0 where the device does not say (no device).
  public var dacTimeSec: Double
  /// When the callback that rendered the block ran, on the same clock (PortAudio's
  /// `currentTime`), or 0.
  public var callbackTimeSec: Double
  /// When the callback that rendered the block began, on ``MonotonicClock`` (comparable with
  /// the front end's and other processes' clocks, unlike the device's).
  public var callbackClockSec: Double
  /// The playhead at that frame, in source seconds.
  public var positionSec: Double
  /// Whether playback is on at that frame (also while a count-in holds the playhead).
  public var isPlaying: Bool
  /// Whether a count-in holds the playhead at that frame (it moves once the count-in ends).
  public var isCountingIn: Bool
  /// The block's absolute peak on the left (first) channel, linear.
  public var peakLeft: Float
  /// The block's absolute peak on the right (second, or the only) channel, linear.
  public var peakRight: Float
  /// The absolute peak of the input block captured with it on the left (first) channel, linear
  /// (0 without an input).
  public var inputPeakLeft: Float = 0
  /// The input block's absolute peak on the right (second, or the only) channel, linear.
  public var inputPeakRight: Float = 0
  /// Callbacks the device reported as late (output underflow) so far.
  public var underruns: Int
  /// Commands that arrived after their frame had been rendered so far (each breaks "render ==
  /// what was heard" at that point; the front end shows the count, which should stay 0).
  public var lateCommands: Int
  /// The frame the latest late command was meant for, or -1 when none was late.
  public var lastLateFrame: Int64 = -1
  /// How many frames past ``lastLateFrame`` the engine was when that command arrived.
  public var lastLateByFrames: Int64 = 0
  /// What the timeline did on its own about loop passes up to that frame (stops after the last
  /// asked-for pass, speed trainer steps), for the actions that keep the state in step.
  public var loopPractice: LoopPracticeProgress

  /// Creates a report.
  public init(
    frame: Int64, blockFrames: Int = 0, dacTimeSec: Double = 0, callbackTimeSec: Double = 0,
    callbackClockSec: Double = 0, positionSec: Double,
    isPlaying: Bool, isCountingIn: Bool = false, peakLeft: Float, peakRight: Float,
    underruns: Int, lateCommands: Int, loopPractice: LoopPracticeProgress = LoopPracticeProgress()
  ) {
    self.frame = frame
    self.blockFrames = blockFrames
    self.dacTimeSec = dacTimeSec
    self.callbackTimeSec = callbackTimeSec
    self.callbackClockSec = callbackClockSec
    self.positionSec = positionSec
    self.isPlaying = isPlaying
    self.isCountingIn = isCountingIn
    self.peakLeft = peakLeft
    self.peakRight = peakRight
    self.underruns = underruns
    self.lateCommands = lateCommands
    self.loopPractice = loopPractice
  }
}
