import Foundation
import NIOCore

/// Event rows in `COPY … FROM STDIN`'s text format, written straight into buffers of about
/// ``chunkBytes`` each: what a bulk append streams to the server instead of binding arrays.
///
/// The format's rules that matter here: columns are separated by a tab and rows end with a
/// newline; a backslash starts an escape, so bytea's hex form `\x0a1b` is written `\\x0a1b`.
/// Nothing else needs escaping: uuids, integers and the shortest round-trip decimal of a finite
/// double (which PostgreSQL reads back exactly) hold no tab, newline or backslash.
struct PostgresCopyRows {
  /// Rows are cut into buffers of about this many bytes (one `CopyData` message each).
  static let chunkBytes = 1 << 20

  /// The buffers written so far, the last one still being filled.
  private(set) var chunks: [ByteBuffer] = []
  private var current = ByteBuffer()
  private let sessionID: [UInt8]

  /// Rows of the events of session `session`.
  init(session: UUID) {
    sessionID = Array(session.uuidString.lowercased().utf8)
    current.reserveCapacity(Self.chunkBytes + 4096)
  }

  /// Adds the row `(session_id, seq, event_id, t, action)`.
  mutating func add(seq: Int64, id: UUID, t: Double, action: ByteBuffer) {
    current.writeBytes(sessionID)
    current.writeInteger(UInt8(ascii: "\t"))
    current.writeString(String(seq))
    current.writeInteger(UInt8(ascii: "\t"))
    current.writeString(id.uuidString)
    current.writeInteger(UInt8(ascii: "\t"))
    current.writeString(t.description)
    current.writeInteger(UInt8(ascii: "\t"))
    current.writeBytes([UInt8(ascii: "\\"), UInt8(ascii: "\\"), UInt8(ascii: "x")])
    action.withUnsafeReadableBytes { bytes in
      current.reserveCapacity(minimumWritableBytes: bytes.count * 2 + 1)
      for byte in bytes {
        current.writeInteger(Self.hexDigits[Int(byte >> 4)])
        current.writeInteger(Self.hexDigits[Int(byte & 0x0f)])
      }
    }
    current.writeInteger(UInt8(ascii: "\n"))
    if current.readableBytes >= Self.chunkBytes {
      chunks.append(current)
      current = ByteBuffer()
      current.reserveCapacity(Self.chunkBytes + 4096)
    }
  }

  /// Every buffer, the last partial one included.
  var all: [ByteBuffer] { current.readableBytes > 0 ? chunks + [current] : chunks }

  private static let hexDigits = Array("0123456789abcdef".utf8)
}
