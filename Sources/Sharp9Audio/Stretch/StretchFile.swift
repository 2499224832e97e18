import Foundation

/// File-to-file stretching: the offline convenience behind `sharp9 stretch` and the benchmarks.
public enum StretchFile {
  /// What to do to a file.
  public struct Settings: Sendable, Equatable {
    /// Playback speed, 0.25…2.
    public var speed: Double
    /// Transposition in semitones, −12…12.
    public var pitchSemitones: Double
    /// Converter and overlap.
    public var quality: StretchQuality
    /// Output container.
    public var container: AudioContainer
    /// Output sample format.
    public var sample: AudioSampleFormat

    /// Creates settings; the defaults write standard-quality 16-bit WAV.
    public init(
      speed: Double, pitchSemitones: Double, quality: StretchQuality = .standard,
      container: AudioContainer = .wav, sample: AudioSampleFormat = .pcm16
    ) {
      self.speed = speed
      self.pitchSemitones = pitchSemitones
      self.quality = quality
      self.container = container
      self.sample = sample
    }
  }

  /// Reads `input`, stretches it and writes `output` (complete or not at all), streaming in
  /// chunks so memory does not grow with the file. Returns the output frame count.
  /// - Throws: `AudioFileError` for unreadable or unwritable files, `StretchError` for engine
  ///   setup failures.
  @discardableResult
  public static func stretch(
    input: URL, output: URL, settings: Settings, progress: (Double) -> Void = { _ in }
  ) throws -> Int {
    let reader = try AudioFileReader(url: input)
    let format = reader.format
    let stretcher = try TimeStretcher(
      configuration: StretchConfiguration(
        sampleRate: Double(format.sampleRate), channels: format.channels,
        quality: settings.quality,
        plannedCompression: StretchConfiguration.plannedCompression(
          speed: settings.speed, pitchSemitones: settings.pitchSemitones)))
    stretcher.speed = settings.speed
    stretcher.pitchSemitones = settings.pitchSemitones
    let writer = try AudioFileWriter(
      url: output, container: settings.container, sample: settings.sample,
      sampleRate: format.sampleRate, channels: format.channels)
    let frames = try stretcher.run(
      inputFrames: Int(format.frames),
      read: { buffer, count in try reader.read(into: buffer, frames: count) },
      write: { buffer, count in try writer.write(buffer, frames: count) },
      progress: progress)
    try writer.finish()
    return frames
  }
}
