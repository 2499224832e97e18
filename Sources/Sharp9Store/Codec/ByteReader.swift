import Foundation

/// Reads the fields ``ByteWriter`` wrote, straight from SQLite's buffer (no copy per event).
struct ByteReader {
  private let bytes: UnsafeRawBufferPointer
  private var offset = 0

  init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  /// Bytes consumed so far.
  var position: Int { offset }

  /// True when every byte was consumed (trailing bytes mean a corrupt or foreign encoding).
  var isAtEnd: Bool { offset == bytes.count }
  /// How many bytes are left to read.
  var remaining: Int { bytes.count - offset }

  mutating func byte() throws(ActionCodec.DecodingError) -> UInt8 {
    guard offset < bytes.count else { throw .truncated }
    defer { offset += 1 }
    return bytes[offset]
  }

  mutating func bool() throws(ActionCodec.DecodingError) -> Bool {
    switch try byte() {
    case 0: return false
    case 1: return true
    case let other: throw .invalidValue("boolean byte \(other)")
    }
  }

  mutating func uint64() throws(ActionCodec.DecodingError) -> UInt64 {
    guard bytes.count - offset >= 8 else { throw .truncated }
    defer { offset += 8 }
    return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  mutating func double() throws(ActionCodec.DecodingError) -> Double {
    Double(bitPattern: try uint64())
  }

  mutating func string() throws(ActionCodec.DecodingError) -> String {
    guard bytes.count - offset >= 4 else { throw .truncated }
    let count = Int(
      UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    offset += 4
    guard bytes.count - offset >= count else { throw .truncated }
    defer { offset += count }
    return String(
      decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]),
      as: UTF8.self)
  }

  mutating func uuid() throws(ActionCodec.DecodingError) -> UUID {
    guard bytes.count - offset >= 16 else { throw .truncated }
    var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &raw) { target in
      target.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 16]))
    }
    offset += 16
    return UUID(uuid: raw)
  }

  /// An unsigned LEB128 varint (at most 9 bytes: lengths never come near 2^63).
  mutating func varint() throws(ActionCodec.DecodingError) -> Int {
    var value = 0
    var shift = 0
    while true {
      let byte = try self.byte()
      value |= Int(byte & 0x7F) << shift
      if byte < 0x80 { return value }
      shift += 7
      guard shift < 63 else { throw .invalidValue("length varint") }
    }
  }

  /// The next `count` bytes, without copying (valid as long as the underlying buffer).
  mutating func bytes(_ count: Int) throws(ActionCodec.DecodingError) -> UnsafeRawBufferPointer {
    guard count >= 0, bytes.count - offset >= count else { throw .truncated }
    defer { offset += count }
    return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
  }
}
