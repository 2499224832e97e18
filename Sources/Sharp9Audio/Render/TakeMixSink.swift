import Foundation

/// A render sink that lays the session's takes over the song on the session's timeline: the
/// frame a take was recorded at in the session is the frame it sounds at in the render. Either
/// mixed with the song (``Mode/withTakes``: the sum, sample by sample) or alone
/// (``Mode/takesOnly``: the song's samples replaced by silence first).
///
/// Wraps the sink the render goes to, whose output frame `k` must be session frame
/// `firstFrame + k` (no pauses skipped). A take with another channel count is laid on the song's
/// channels one to one, the last take channel repeated (a mono take sounds in both channels).
/// Takes are read as the render reaches them, never held whole in memory.
public final class TakeMixSink: RenderSink {
  /// What the output holds.
  public enum Mode: Sendable {
    /// The song as heard, with the takes added.
    case withTakes
    /// The takes alone, silence elsewhere.
    case takesOnly
  }

  /// A take to lay over the song: its file and the session frame of its first frame.
  public struct Placement {
    /// The take's audio.
    public var file: URL
    /// The session frame its first frame was recorded at.
    public var startFrame: Int64

    /// Creates a placement.
    public init(file: URL, startFrame: Int64) {
      self.file = file
      self.startFrame = startFrame
    }
  }

  private struct OpenTake {
    var reader: AudioFileReader
    var startFrame: Int64
    var endFrame: Int64
  }

  private let sink: any RenderSink
  private let mode: Mode
  private let channels: Int
  private var takes: [OpenTake]
  private var nextFrame: Int64
  private var mix: [Float] = []
  private var takeScratch: [Float] = []

  /// Opens every take (their rate must be the song's) to mix into what is written to `sink`.
  /// - Throws: ``AudioFileError`` when a take cannot be read or has another sample rate.
  public init(
    sink: any RenderSink, mode: Mode, takes: [Placement], sampleRate: Int, channels: Int,
    firstFrame: Int64
  ) throws {
    self.sink = sink
    self.mode = mode
    self.channels = channels
    nextFrame = firstFrame
    self.takes = try takes.map { placement in
      let reader = try AudioFileReader(url: placement.file)
      guard reader.format.sampleRate == sampleRate else {
        throw AudioFileError(
          url: placement.file, kind: .unsupportedFormat,
          detail: "the take is at \(reader.format.sampleRate) Hz, the song at \(sampleRate) Hz")
      }
      return OpenTake(
        reader: reader, startFrame: placement.startFrame,
        endFrame: placement.startFrame + reader.format.frames)
    }
  }

  /// Mixes the takes sounding during these frames into them and writes them on.
  public func write(_ interleaved: UnsafeBufferPointer<Float>, frames: Int) throws {
    let samples = frames * channels
    if mix.count < samples { mix = [Float](repeating: 0, count: samples) }
    for index in 0..<samples { mix[index] = mode == .withTakes ? interleaved[index] : 0 }
    let blockEnd = nextFrame + Int64(frames)
    for index in takes.indices {
      try add(
        take: index, from: max(nextFrame, takes[index].startFrame),
        to: min(blockEnd, takes[index].endFrame))
    }
    try mix.withUnsafeBufferPointer {
      try sink.write(UnsafeBufferPointer(rebasing: $0[0..<samples]), frames: frames)
    }
    nextFrame = blockEnd
  }

  /// Adds take `index`'s frames for session frames `from..<to` into ``mix``.
  private func add(take index: Int, from: Int64, to: Int64) throws {
    guard from < to else { return }
    let take = takes[index]
    let takeChannels = take.reader.format.channels
    let wanted = from - take.startFrame
    if take.reader.position != wanted { try take.reader.seek(toFrame: wanted) }
    let frames = Int(to - from)
    if takeScratch.count < frames * takeChannels {
      takeScratch = [Float](repeating: 0, count: frames * takeChannels)
    }
    let read = try takeScratch.withUnsafeMutableBufferPointer {
      try take.reader.read(into: $0, frames: frames)
    }
    let offset = Int(from - nextFrame)
    for frame in 0..<read {
      for channel in 0..<channels {
        mix[(offset + frame) * channels + channel] +=
          takeScratch[frame * takeChannels + min(channel, takeChannels - 1)]
      }
    }
  }
}
