import Foundation
import NIOCore

/// Event rows in `COPY … FROM STDIN`'s binary format, written into buffers of about
/// ``chunkBytes`` each and handed to `send` as each fills: what a bulk append streams to the
/// server while it reduces and encodes the next events.
///
/// The binary format (PostgreSQL's documentation of COPY, "Binary Format"): a signature, two
/// zero 32-bit words, then per row a 16-bit field count and each field as a 32-bit length and
/// the value in the type's binary form (uuid: 16 bytes; bigint and double precision: 8 bytes,
/// big-endian; bytea: the bytes), and a 16-bit -1 at the end; every integer is big-endian. The
/// server reads the values as they are, with no text to parse: a double is stored bit for bit.
struct PostgresCopyRows {
  /// Rows are cut into buffers of about this many bytes (one `CopyData` message each): small
  /// enough that the server starts on the first rows early, large enough that the hand-over of
  /// each costs nothing measurable.
  static let chunkBytes = 1 << 18

  /// The columns every row has, in order.
  static let columns = ["session_id", "seq", "event_id", "t", "action"]

  private var current = ByteBuffer()
  private let session: UUID
  private let send: (ByteBuffer) -> Void

  /// Rows of the events of session `session`; `send` gets each full buffer.
  init(session: UUID, send: @escaping (ByteBuffer) -> Void) {
    self.session = session
    self.send = send
    current.reserveCapacity(Self.chunkBytes + 4096)
    current.writeBytes(Self.signature)
    current.writeInteger(Int32(0))  // flags: no OIDs
    current.writeInteger(Int32(0))  // no header extension
  }

  /// Adds the row `(session_id, seq, event_id, t, action)`.
  mutating func add(seq: Int64, id: UUID, t: Double, action: [UInt8]) {
    current.writeInteger(Int16(Self.columns.count))
    write(session)
    current.writeInteger(Int32(8))
    current.writeInteger(seq)
    write(id)
    current.writeInteger(Int32(8))
    current.writeInteger(t.bitPattern)
    current.writeInteger(Int32(action.count))
    current.writeBytes(action)
    if current.readableBytes >= Self.chunkBytes {
      send(current)
      current = ByteBuffer()
      current.reserveCapacity(Self.chunkBytes + 4096)
    }
  }

  /// Ends the rows and sends the last buffer.
  mutating func finish() {
    current.writeInteger(Int16(-1))
    send(current)
    current = ByteBuffer()
  }

  /// `PGCOPY\n\377\r\n\0`.
  private static let signature: [UInt8] = [
    0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00,
  ]

  private mutating func write(_ id: UUID) {
    current.writeInteger(Int32(16))
    _ = withUnsafeBytes(of: id.uuid) { current.writeBytes($0) }
  }
}
