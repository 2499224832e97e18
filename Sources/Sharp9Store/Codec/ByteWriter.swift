import Foundation

/// Appends little-endian fields to a reusable byte buffer (the storage side of ``ActionCodec``).
struct ByteWriter {
  /// The bytes written since the last ``clear()``.
  private(set) var bytes: [UInt8] = []

  init() { bytes.reserveCapacity(64) }

  /// Continues after `bytes` (a stored buffer being extended).
  init(continuing bytes: [UInt8]) { self.bytes = bytes }

  /// Forgets the content, keeping the capacity (no allocation per event).
  mutating func clear() { bytes.removeAll(keepingCapacity: true) }

  mutating func write(_ byte: UInt8) { bytes.append(byte) }

  mutating func write(_ bool: Bool) { bytes.append(bool ? 1 : 0) }

  mutating func write(_ value: UInt64) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  /// A double by its exact bit pattern.
  mutating func write(_ value: Double) { write(value.bitPattern) }

  /// A string as a 32-bit length and its UTF-8 bytes.
  mutating func write(_ text: String) {
    let utf8 = Array(text.utf8)
    withUnsafeBytes(of: UInt32(utf8.count).littleEndian) { bytes.append(contentsOf: $0) }
    bytes.append(contentsOf: utf8)
  }

  mutating func write(_ uuid: UUID) {
    withUnsafeBytes(of: uuid.uuid) { bytes.append(contentsOf: $0) }
  }

  /// Raw bytes, as they are.
  mutating func write(_ raw: UnsafeRawBufferPointer) { bytes.append(contentsOf: raw) }

  /// Writes what `body` writes, preceded by its byte count as an unsigned LEB128 varint.
  ///
  /// One byte is reserved up front (a count below 128, the common case, fits it), so the body
  /// writes straight into the buffer; a longer body shifts its bytes to make room, which only
  /// actions carrying text ever need.
  mutating func writeLengthPrefixed(_ body: (inout ByteWriter) -> Void) {
    let start = bytes.count
    bytes.append(0)
    body(&self)
    var length = bytes.count - start - 1
    if length < 0x80 {
      bytes[start] = UInt8(length)
      return
    }
    var prefix: [UInt8] = []
    while length >= 0x80 {
      prefix.append(UInt8(length & 0x7F) | 0x80)
      length >>= 7
    }
    prefix.append(UInt8(length))
    bytes.replaceSubrange(start..<start + 1, with: prefix)
  }
}
