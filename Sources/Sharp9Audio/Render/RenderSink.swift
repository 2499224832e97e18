/// Where rendered audio goes: interleaved frames at the source's rate and channel count.
public protocol RenderSink: AnyObject {
  /// Appends `frames` interleaved frames from the start of `interleaved`.
  func write(_ interleaved: UnsafeBufferPointer<Float>, frames: Int) throws
}

/// Files are the usual sink: written to a temporary file and renamed into place on `finish()`, so
/// a failed render leaves nothing behind.
extension AudioFileWriter: RenderSink {}
