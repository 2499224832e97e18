import Sharp9Domain

/// The layout of one `event_chunks` row: up to ``defaultCapacity`` consecutive events of a session
/// packed in one blob, so SQLite handles one row per chunk instead of one per event (its own
/// per-row insert cost is below the import target on a small machine).
///
/// The blob is a format byte (``formatVersion``), then per event, in sequence order: `t` as the
/// 8-byte little-endian bit pattern of the Double (exact), the length of the action's bytes as an
/// unsigned LEB128 varint (one byte for every action without text), and the ``ActionCodec``
/// bytes. The row carries `first_seq` and `count`; event `first_seq + i` is entry `i`.
///
/// Chunk boundaries carry no meaning: readers take whatever sizes they find (a chunk of any size
/// from 1 up), and writers start a new chunk when the tail holds ``defaultCapacity`` events.
enum EventChunk {
  /// The blob layout described above. A chunk with another first byte was written by a newer
  /// sharp9 and is reported as corrupt rather than guessed at.
  static let formatVersion: UInt8 = 1
  /// Events per chunk written by this build: 256 keeps a live append's rewrite of the tail row
  /// within about one 4 KiB page (ticks take 18 bytes), while import and replay touch one row per
  /// 256 events.
  static let defaultCapacity = 256
}

/// A chunk being built in memory: the session's tail while recording, or the next chunk of an
/// import. Appending encodes straight into the blob's buffer.
struct EventChunkBuilder {
  /// Sequence number of the chunk's first event.
  let firstSeq: Int64
  /// Events in the chunk.
  private(set) var count: Int
  private var writer: ByteWriter

  /// An empty chunk whose first event will be `firstSeq`.
  init(firstSeq: Int64) {
    self.firstSeq = firstSeq
    count = 0
    writer = ByteWriter()
    writer.write(EventChunk.formatVersion)
  }

  /// A stored chunk to extend (its blob as read, its first `count` events).
  init(firstSeq: Int64, count: Int, blob: [UInt8]) {
    self.firstSeq = firstSeq
    self.count = count
    writer = ByteWriter(continuing: blob)
  }

  /// The blob, as stored in `event_chunks.events`.
  var blob: [UInt8] { writer.bytes }

  /// The sequence number the next appended event gets.
  var nextSeq: Int64 { firstSeq + Int64(count) }

  /// Appends an event.
  mutating func append(_ action: Action, t: Double) {
    writer.write(t)
    writer.writeLengthPrefixed { ActionCodec.encode(action, into: &$0) }
    count += 1
  }

  /// Appends an event whose action is already encoded (migrating one-row-per-event logs).
  mutating func append(encodedAction: UnsafeRawBufferPointer, t: Double) {
    writer.write(t)
    writer.writeLengthPrefixed { $0.write(encodedAction) }
    count += 1
  }
}
