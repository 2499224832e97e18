import Foundation
import Sharp9Domain

/// A streaming time-stretcher and pitch-shifter: a two-band phase vocoder (long window below
/// 1 kHz, short window above, see `MultiResolutionVocoder`) with identity phase locking and
/// onset-preserving phase resets (FFTW), followed by a polyphase resampling pitch stage.
///
/// Configure once, then alternate `speed`/`pitchSemitones` changes with `process` calls; nothing
/// allocates after `init`. Latency is compensated inside: output frame `k` after a `reset`
/// corresponds to input time `Σ speed` over the outputs before it, i.e. exactly `k · speed` at a
/// constant speed, so a stretched file lines up with its source.
///
/// ```swift
/// let stretcher = try TimeStretcher(configuration: .init(sampleRate: 44_100, channels: 2))
/// stretcher.speed = 0.75
/// let needed = stretcher.inputFramesNeeded(forOutputFrames: 1024)
/// stretcher.process(input: source, inputFrames: needed, output: out, outputFrames: 1024)
/// ```
///
/// - At speed 1.0 and pitch 0 (since the last `reset`) the output is a bit-exact copy of the
///   input. Leaving those values switches seamlessly to the vocoder, which then stays engaged
///   (at 1.0/0 it reproduces the input with only phase rotation) until the next `reset`.
/// - Parameter changes apply from the next output frame: the vocoder redoes the frames it had
///   analyzed ahead under the old settings and crossfades (6 ms) into them, pitch switches the
///   resampler ratio at once; neither clicks.
/// - Not `Sendable`: one stretcher belongs to one renderer.
public final class TimeStretcher {
  /// The configuration everything was allocated for.
  public let configuration: StretchConfiguration
  /// Playback speed, 0.25…2 (1 = original tempo). Applies from the next output frame.
  public var speed: Double = 1 {
    didSet {
      precondition(
        (StretchTuning.minimumSpeed...StretchTuning.maximumSpeed).contains(speed),
        "TimeStretcher.speed must be within \(JSONText.number(StretchTuning.minimumSpeed))…"
          + JSONText.number(StretchTuning.maximumSpeed))
    }
  }
  /// Transposition in semitones, −12…12. Applies from the next output frame.
  public var pitchSemitones: Double = 0 {
    didSet {
      precondition(
        abs(pitchSemitones) <= StretchTuning.maximumPitchSemitones,
        "TimeStretcher.pitchSemitones must be within \(JSONText.number(-StretchTuning.maximumPitchSemitones))…"
          + JSONText.number(StretchTuning.maximumPitchSemitones))
    }
  }
  /// Output frames produced since the last `reset`.
  public private(set) var outputPosition = 0
  /// Output frames by which the output lags the input time it represents: always 0, latency is
  /// compensated inside (the engine asks for `inputLatency` frames of look-ahead instead).
  public let outputLatency = 0

  let channels: Int
  let input: StretchInput
  let queue: IntermediateQueue
  let vocoder: MultiResolutionVocoder
  let onsets = OnsetDetector()
  let resampler: PolyphaseResampler
  let discard: AlignedFloats
  let readScratch: AlignedFloats
  var vocoderEngaged = false
  var resamplerEngaged = false
  var ended = false
  var appliedSpeed = 1.0
  var appliedRatio = 1.0
  var anchorOutput = 0
  var anchorInput = 0.0
  var anchorIntermediate = 0.0

  /// Allocates FFT plans, buffers and the resampler for `configuration`.
  /// - Throws: `StretchError` when FFTW cannot allocate or plan.
  public init(configuration: StretchConfiguration) throws {
    precondition((1...8).contains(configuration.channels), "channels must be 1…8")
    precondition((8_000...384_000).contains(configuration.sampleRate), "sample rate out of range")
    precondition(configuration.maximumBlockFrames >= 1, "maximumBlockFrames must be ≥ 1")
    self.configuration = configuration
    channels = configuration.channels
    let queueCapacity = 2 * configuration.fftSize + 8 * configuration.synthesisHop
    vocoder = try MultiResolutionVocoder(
      channels: channels, size: configuration.fftSize, hop: configuration.synthesisHop,
      highHop: configuration.highBandHop, sampleRate: configuration.sampleRate,
      crossfadeFrames: Int(StretchTuning.parameterCrossfadeSec * configuration.sampleRate),
      queueCapacity: queueCapacity, retained: configuration.fftSize)
    let maximumRatio = StretchTuning.maximumSpeed * 2
    let inputCapacity =
      8 * configuration.fftSize + vocoder.lookahead(inputPerIntermediate: maximumRatio)
      + 3 * configuration.maximumBlockFrames * Int(StretchTuning.maximumSpeed)
    input = try StretchInput(channels: channels, capacity: inputCapacity)
    queue = try IntermediateQueue(
      channels: channels, capacity: queueCapacity,
      history: vocoder.history, retained: configuration.fftSize)
    resampler = try PolyphaseResampler(
      filters: configuration.quality.resamplingFilters, channels: channels,
      maximumStep: pow(2, StretchTuning.maximumPitchSemitones / 12))
    discard = try AlignedFloats(count: 4 * vocoder.history * channels)
    readScratch = try AlignedFloats(count: configuration.maximumBlockFrames)
    reset()
  }

  /// Input time (in input frames since the last `reset`) of the next output frame.
  public var inputTime: Double {
    anchorInput + Double(outputPosition - anchorOutput) * appliedSpeed
  }

  /// Input frames the engine reads beyond the input time of the frame it outputs, at the current
  /// speed and pitch (0 in pass-through). Push at least this far ahead before asking for output.
  public var inputLatency: Int {
    let ratio = pitchRatio
    if !vocoderEngaged, speed == 1, ratio == 1 { return 0 }
    return vocoder.lookahead(inputPerIntermediate: speed / ratio)
  }

  /// How many more input frames must be pushed before `outputFrames` more output frames can be
  /// produced at the current speed and pitch (0 when enough are buffered).
  public func inputFramesNeeded(forOutputFrames outputFrames: Int) -> Int {
    let last = inputTime + Double(outputFrames) * speed
    let needed = Int(last.rounded(.up)) + inputLatency
    return max(0, needed - input.end)
  }

  /// Starts a new stream: forgets all input and state. The next pushed frame is input time 0 and
  /// output frame 0 corresponds to it; `history` (interleaved, may be empty) is the input just
  /// before it, which the first windows then see instead of silence (use it when seeking inside
  /// a file). Speed and pitch are kept.
  public func reset(history: UnsafeBufferPointer<Float> = .init(start: nil, count: 0)) {
    let historyFrames = 2 * configuration.fftSize + Int(vocoder.maximumDrift)
    input.reset(historyFrames: historyFrames)
    let provided = min(history.count / channels, historyFrames)
    if let base = history.baseAddress, provided > 0 {
      input.setHistory(base + (history.count / channels - provided) * channels, frames: provided)
    }
    onsets.reset(start: -historyFrames)
    resampler.reset()
    vocoderEngaged = false
    resamplerEngaged = false
    ended = false
    appliedSpeed = 1
    appliedRatio = 1
    anchorOutput = 0
    outputPosition = 0
    anchorInput = 0
    anchorIntermediate = 0
  }

  /// Appends `inputFrames` interleaved frames and writes exactly `outputFrames` output frames.
  ///
  /// Push what `inputFramesNeeded(forOutputFrames:)` asks for (more is kept for later); frames
  /// missing at that point are read as silence.
  public func process(
    input source: UnsafeBufferPointer<Float>, inputFrames: Int,
    output: UnsafeMutableBufferPointer<Float>, outputFrames: Int
  ) {
    precondition(!ended, "TimeStretcher.process after flush: call reset first")
    precondition(inputFrames >= 0 && source.count >= inputFrames * channels, "input too short")
    if let base = source.baseAddress {
      input.push(base, frames: inputFrames, keepFrom: oldestInputNeeded)
    }
    produce(output, outputFrames)
  }

  /// Declares the end of the input and writes `outputFrames` more frames (the input continues as
  /// silence). Call it until the output reaches the length you want, e.g. `round(frames / speed)`
  /// for a constant speed.
  public func flush(output: UnsafeMutableBufferPointer<Float>, outputFrames: Int) {
    ended = true
    produce(output, outputFrames)
  }

  var pitchRatio: Double { pow(2, pitchSemitones / 12) }

  private var oldestInputNeeded: Int {
    let restartWindow = Int(inputTime.rounded(.down)) - 2 * configuration.fftSize
    return vocoderEngaged ? min(vocoder.oldestInputNeeded, restartWindow) : restartWindow
  }

  /// Reads `frames` frames of `channel` from `start` (silence outside the input) into scratch.
  func scratchRead(
    channel: Int, start: Int, frames: Int, _ body: (UnsafeMutablePointer<Float>) -> Void
  ) {
    input.read(channel: channel, start: start, count: frames, into: readScratch.pointer)
    body(readScratch.pointer)
  }

  private func produce(_ output: UnsafeMutableBufferPointer<Float>, _ frames: Int) {
    precondition(frames >= 0 && output.count >= frames * channels, "output too short")
    precondition(frames <= configuration.maximumBlockFrames, "block exceeds maximumBlockFrames")
    guard frames > 0, let destination = output.baseAddress else { return }
    applyParameters()
    if !vocoderEngaged {
      copyInput(to: destination, frames)
    } else if resamplerEngaged {
      resample(into: destination, frames)
    } else {
      drainQueue(into: destination, frames)
    }
    outputPosition += frames
  }
}
