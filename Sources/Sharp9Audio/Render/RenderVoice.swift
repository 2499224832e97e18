import Foundation

/// One stream of source audio through its own stretcher, with its own fade level. The renderer
/// keeps a few: at a loop wrap or a seek, the old voice fades out while a new one, started on the
/// exact target frame, fades in (equal power).
///
/// Each voice owns a reader (its own file position), a stretcher and fixed scratch buffers, all
/// allocated once; rendering never allocates.
final class RenderVoice {
  /// Where the voice is in its fade.
  private(set) var level = 0
  /// The level the voice is heading for: the curve's length (sounding) or 0 (fading out/idle).
  private(set) var target = 0
  /// Source frame of the stretcher's input time 0.
  private var startFrame: Int64 = 0
  private let reader: any SourceStream
  private let stretcher: TimeStretcher
  private let channels: Int
  private let blockFrames: Int
  private let historyFrames: Int
  private var inputScratch: [Float]
  private var outputScratch: [Float]
  private var historyScratch: [Float]

  /// Reads `source` and allocates the stretcher and scratch for blocks of `blockFrames`.
  init(source: any SourceStream, quality: StretchQuality, blockFrames: Int) throws {
    reader = source
    let format = reader.format
    let configuration = StretchConfiguration(
      sampleRate: Double(format.sampleRate), channels: format.channels, quality: quality,
      maximumBlockFrames: blockFrames, maximumHopSec: RenderSettings.parameterChangeSec)
    stretcher = try TimeStretcher(configuration: configuration)
    channels = format.channels
    self.blockFrames = blockFrames
    // As much input before the start as the stretcher's first windows can look back over.
    historyFrames = 2 * configuration.fftSize + configuration.synthesisHop
    inputScratch = [Float](repeating: 0, count: blockFrames * channels)
    outputScratch = [Float](repeating: 0, count: blockFrames * channels)
    historyScratch = [Float](repeating: 0, count: historyFrames * channels)
  }

  /// Whether the voice contributes to the output (fading in, steady or fading out).
  var isSounding: Bool { level > 0 || target > 0 }
  /// Whether the voice is the one meant to be heard (not fading out).
  var isLeading: Bool { target > 0 }
  /// The source frame (fractional) the next output frame plays.
  var sourceFrame: Double { Double(startFrame) + stretcher.inputTime }

  /// Restarts the voice at source frame `frame` (clamped to the file), fading in over `curve`,
  /// with the input just before `frame` as the stretcher's history so its first windows see the
  /// real signal.
  func start(atSourceFrame frame: Int64, speed: Double, pitchSemitones: Double, curve: FadeCurve)
    throws
  {
    let start = min(max(frame, 0), reader.format.frames)
    let history = Int(min(Int64(historyFrames), start))
    try reader.seek(toFrame: start - Int64(history))
    let read = try historyScratch.withUnsafeMutableBufferPointer {
      try reader.read(into: $0, frames: history)
    }
    historyScratch.withUnsafeBufferPointer {
      // Not `rebasing: $0[0..<n]`: the slice type's metadata, instantiated on first use, allocates.
      stretcher.reset(
        history: UnsafeBufferPointer(start: $0.baseAddress, count: read * channels))
    }
    try reader.seek(toFrame: start)
    startFrame = start
    stretcher.speed = speed
    stretcher.pitchSemitones = pitchSemitones
    level = 0
    target = curve.length
  }

  /// Changes speed and pitch from the next output frame (the stretcher glides, no click).
  func set(speed: Double, pitchSemitones: Double) {
    if stretcher.speed != speed { stretcher.speed = speed }
    if stretcher.pitchSemitones != pitchSemitones { stretcher.pitchSemitones = pitchSemitones }
  }

  /// Starts fading out from the current level.
  func fadeOut() { target = 0 }

  /// Stops at once (for a voice taken over while still audible: only when every voice is busy).
  func silence() {
    level = 0
    target = 0
  }

  /// Renders `frames` (≤ block) frames and adds them, faded, to `mix` (interleaved).
  func render(frames: Int, addingTo mix: UnsafeMutablePointer<Float>, curve: FadeCurve) throws {
    precondition(frames <= blockFrames, "render block larger than the voice's scratch")
    try pushInput(for: frames)
    outputScratch.withUnsafeMutableBufferPointer { out in
      stretcher.process(
        input: UnsafeBufferPointer(start: nil, count: 0), inputFrames: 0, output: out,
        outputFrames: frames)
      guard let samples = out.baseAddress else { return }
      for frame in 0..<frames {
        let gain: Float
        if level == target {
          gain = curve.gain(level)
        } else {
          level += level < target ? 1 : -1
          gain = curve.gain(level)
        }
        let base = frame * channels
        if gain == 1 {
          for channel in 0..<channels { mix[base + channel] += samples[base + channel] }
        } else if gain > 0 {
          for channel in 0..<channels { mix[base + channel] += gain * samples[base + channel] }
        }
      }
    }
  }

  /// Reads what the stretcher needs for `frames` more output frames, in blocks it accepts; past
  /// the end of the file it reads silence.
  private func pushInput(for frames: Int) throws {
    var needed = stretcher.inputFramesNeeded(forOutputFrames: frames)
    try inputScratch.withUnsafeMutableBufferPointer { input in
      while needed > 0 {
        let got = try reader.read(into: input, frames: min(needed, blockFrames))
        guard got > 0 else { return }
        outputScratch.withUnsafeMutableBufferPointer { out in
          stretcher.process(
            input: UnsafeBufferPointer(input), inputFrames: got, output: out, outputFrames: 0)
        }
        needed -= got
      }
    }
  }
}
