/// A take as a stretcher voice reads it: the take chosen now (a ``TakeSound`` view, pointed at
/// anew without allocating), with its channels laid on the song's as ``TakePlayback`` lays them
/// (one to one, the last repeated), so one voice set up for the song's channels plays any take.
final class TakeCursor: SourceStream {
  private(set) var format: AudioFormat
  private var sound: TakeSound?
  private var position: Int64 = 0

  /// A cursor on no take (silence) at the song's rate and channels.
  init(sampleRate: Int, channels: Int) {
    format = AudioFormat(
      sampleRate: sampleRate, channels: channels, frames: 0, container: "take", encoding: "float")
  }

  /// Reads `sound` from its first frame.
  func point(at sound: TakeSound) {
    self.sound = sound
    format.frames = sound.frames
    position = 0
  }

  func seek(toFrame frame: Int64) throws {
    precondition(frame >= 0 && frame <= format.frames, "seek outside the take")
    position = frame
  }

  func read(into buffer: UnsafeMutableBufferPointer<Float>, frames: Int) throws -> Int {
    guard let sound, let destination = buffer.baseAddress else { return 0 }
    let count = Int(min(Int64(frames), sound.frames - position))
    guard count > 0 else { return 0 }
    let channels = format.channels
    let takeChannels = sound.channels
    let first = Int(position) * takeChannels
    for frame in 0..<count {
      let source = first + frame * takeChannels
      for channel in 0..<channels {
        destination[frame * channels + channel] =
          sound.samples[source + min(channel, takeChannels - 1)]
      }
    }
    position += Int64(count)
    return count
  }
}
