import Foundation
import Sharp9Domain

@testable import Sharp9Audio

/// Collects rendered frames in memory.
final class MemorySink: RenderSink {
  var samples: [Float] = []
  func write(_ interleaved: UnsafeBufferPointer<Float>, frames: Int) throws {
    samples.append(contentsOf: interleaved.prefix(frames * (interleaved.count / max(frames, 1))))
  }
}

/// Source files and sessions for renderer tests.
enum RenderFixture {
  /// A fresh directory under the temporary directory.
  static func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appending(path: "sharp9-render-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Writes a float WAV whose samples are `sample(frame, channel)`.
  static func write(
    _ url: URL, sampleRate: Int, channels: Int = 1, frames: Int,
    sample: (Int, Int) -> Float
  ) throws {
    let writer = try AudioFileWriter(
      url: url, container: .wav, sample: .float, sampleRate: sampleRate, channels: channels)
    var interleaved = [Float](repeating: 0, count: frames * channels)
    for frame in 0..<frames {
      for channel in 0..<channels {
        interleaved[frame * channels + channel] = sample(frame, channel)
      }
    }
    try interleaved.withUnsafeBufferPointer { try writer.write($0, frames: frames) }
    try writer.finish()
  }

  /// A fresh mono float WAV of `frames` ramp samples at `sampleRate`.
  static func rampFile(sampleRate: Int, frames: Int) throws -> URL {
    let source = try directory().appending(path: "ramp.wav")
    try write(source, sampleRate: sampleRate, frames: frames) { frame, _ in ramp(frame) }
    return source
  }

  /// The ramp's value at `frame`: every sample encodes its own position exactly.
  static func ramp(_ frame: Int) -> Float { Float(frame) / 65_536 }

  /// Renders `events` (then up to `endSec`) from `source` into memory.
  static func render(
    source: URL, events: [PlaybackEvent], endSec: Double,
    settings: RenderSettings = RenderSettings(),
    takeAudio: ((TakeRecording) throws -> DecodedAudio)? = nil
  ) throws -> [Float] {
    let sink = MemorySink()
    let renderer = try SessionRenderer(source: source, sink: sink, settings: settings)
    renderer.takeAudio = takeAudio
    var playback = SessionPlayback(engine: renderer)
    for event in events { try playback.handle(event) }
    try playback.finish(atWallSec: endSec)
    return sink.samples
  }

  /// The same events through the pure model: every segment.
  static func segments(events: [PlaybackEvent], durationSec: Double, endSec: Double)
    -> [TimelineSegment]
  {
    var log: [TimelineSegment] = []
    let engine = HeadlessTimelineEngine { _ in TrackMeta(name: "x", durationSec: durationSec) }
    engine.onSegment = { log.append($0) }
    var playback = SessionPlayback(engine: engine)
    for event in events { try? playback.handle(event) }
    try? playback.finish(atWallSec: endSec)
    return log
  }

  /// Events with increasing sequence numbers, each an action-less list of effects at `t`.
  static func events(_ steps: [(Double, [Effect])]) -> [PlaybackEvent] {
    steps.enumerated().map { index, step in
      PlaybackEvent(sequence: Int64(index + 1), t: step.0, action: .onAppear, effects: step.1)
    }
  }
}
