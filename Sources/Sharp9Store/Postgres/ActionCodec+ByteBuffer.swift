import NIOCore
import Sharp9Domain

extension ActionCodec {
  /// Decodes an action from a `bytea` column's bytes, in place.
  static func decode(_ buffer: ByteBuffer) throws(DecodingError) -> Action {
    try buffer.withUnsafeReadableBytes { (raw) throws(DecodingError) in try decode(raw) }
  }
}
