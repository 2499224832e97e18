import Sharp9Domain

/// Decodes the events of one chunk blob (see ``EventChunk``) in order, straight from the buffer
/// SQLite returned: no copy of the blob and, for actions without text, no allocation per event.
struct EventChunkReader {
  private var reader: ByteReader

  /// Starts reading `blob`; valid as long as the blob's buffer.
  ///
  /// - Throws: when the blob is empty or has another format byte.
  init(_ blob: UnsafeRawBufferPointer) throws(ActionCodec.DecodingError) {
    reader = ByteReader(blob)
    let format = try reader.byte()
    guard format == EventChunk.formatVersion else {
      throw .invalidValue("event chunk format \(format) (written by a newer sharp9?)")
    }
  }

  /// True when every entry was read.
  var isAtEnd: Bool { reader.isAtEnd }

  /// Bytes of the blob consumed so far (a prefix of whole entries between calls).
  var position: Int { reader.position }

  /// The next entry's time and action. Call only while not ``isAtEnd``.
  mutating func next() throws(ActionCodec.DecodingError) -> (t: Double, action: Action) {
    let t = try reader.double()
    let action = try ActionCodec.decode(try reader.bytes(try reader.varint()))
    return (t, action)
  }

  /// Steps over the next entry without decoding its action.
  mutating func skip() throws(ActionCodec.DecodingError) {
    _ = try reader.double()
    _ = try reader.bytes(try reader.varint())
  }
}
