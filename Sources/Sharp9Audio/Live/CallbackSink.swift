/// The renderer's sink during a device callback: copies rendered frames into the device's
/// buffer, one after another, without allocating.
final class CallbackSink: RenderSink {
  private var destination: UnsafeMutablePointer<Float>?
  private var written = 0
  private let channels: Int

  init(channels: Int) { self.channels = channels }

  /// Points the sink at the start of a callback's buffer.
  func begin(_ buffer: UnsafeMutablePointer<Float>) {
    destination = buffer
    written = 0
  }

  /// Frames copied since ``begin(_:)``.
  var framesWritten: Int { written }

  func write(_ interleaved: UnsafeBufferPointer<Float>, frames: Int) throws {
    guard let destination, let source = interleaved.baseAddress else { return }
    (destination + written * channels).update(from: source, count: frames * channels)
    written += frames
  }
}
