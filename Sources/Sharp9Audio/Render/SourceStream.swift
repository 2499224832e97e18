/// A seekable stream of a source's interleaved frames: what one ``RenderVoice`` reads. Offline
/// renders stream the file (``AudioFileReader``, memory independent of the length); the live
/// engine reads a ``DecodedAudio`` copy in memory (``DecodedAudioCursor``), because the audio
/// thread must not touch a file. Both hand out the same floats, so both clocks render the same
/// samples.
protocol SourceStream: AnyObject {
  /// Rate, channels and length of the source.
  var format: AudioFormat { get }
  /// Moves to `frame` (0...frames) so the next read starts there.
  func seek(toFrame frame: Int64) throws
  /// Reads up to `frames` frames into the start of `buffer`; fewer only at the end.
  func read(into buffer: UnsafeMutableBufferPointer<Float>, frames: Int) throws -> Int
}

extension AudioFileReader: SourceStream {}
