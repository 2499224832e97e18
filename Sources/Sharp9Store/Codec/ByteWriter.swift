import Foundation

/// Appends little-endian fields to a reusable byte buffer (the storage side of ``ActionCodec``).
struct ByteWriter {
  /// The bytes written since the last ``clear()``.
  private(set) var bytes: [UInt8] = []

  init() { bytes.reserveCapacity(64) }

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
}
