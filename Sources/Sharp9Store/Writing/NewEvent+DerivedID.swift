import Crypto
import Foundation

extension NewEvent {
  /// The ids of the events of one session that have none of their own (a device's SQLite store
  /// keeps no event ids; an import mints none), the same on every device, every retry and every
  /// run. Sync sends these (`SyncWire.eventID`), and the PostgreSQL store gives them to imported
  /// events, so a session imported on a server and pushed again from a device that pulled it is
  /// recognized event by event.
  ///
  /// An id is the session's 8-byte prefix (the first 8 bytes of SHA-256("sharp9 event",
  /// session id)) followed by the seq, big-endian, marked as a version 8 UUID (RFC 9562's
  /// custom layout): a session's ids sort in seq order, so the store's unique index on event ids
  /// grows at its right edge while a session is appended, where random ids scattered its
  /// inserts over the whole index (an import's COPY of 200,000 events took a fifth longer with
  /// them, more as the index outgrew memory; docs/benchmarks/store.md). Sixty bits of the prefix
  /// are the hash's: two sessions share ids only if their prefixes match. The variant's two bits
  /// take the seq's top two, so seqs are unique below 2⁶².
  public struct DerivedIDs: Sendable {
    private let prefix: [UInt8]

    /// The ids of `session`'s events.
    public init(session: UUID) {
      var bytes = NewEvent.derivedIDLabel
      withUnsafeBytes(of: session.uuid) { bytes += $0 }
      var prefix = Array(SHA256.hash(data: bytes).prefix(8))
      prefix[6] = (prefix[6] & 0x0F) | 0x80
      self.prefix = prefix
    }

    /// The id of event `seq`.
    public subscript(seq: Int64) -> UUID {
      let p = prefix
      let s = UInt64(bitPattern: seq)
      func byte(_ shift: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: s >> shift) }
      return UUID(
        uuid: (
          p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], (byte(56) & 0x3F) | 0x80, byte(48),
          byte(40), byte(32), byte(24), byte(16), byte(8), byte(0)
        ))
    }
  }

  /// The id of event `seq` of `session` (``DerivedIDs``).
  public static func derivedID(session: UUID, seq: Int64) -> UUID {
    DerivedIDs(session: session)[seq]
  }

  /// Whether `id` is the id derived for event `seq` of `session`, by ``DerivedIDs`` or by the
  /// rule before it: servers of earlier versions hold events under those ids, and a device that
  /// retries or pushes such events again now sends the new ones.
  static func isDerivedID(_ id: UUID, session: UUID, seq: Int64) -> Bool {
    id == derivedID(session: session, seq: seq) || id == hashedID(session: session, seq: seq)
  }

  /// The derived ids sharp9 gave until 2026-11-27 (stored by servers of earlier versions): the
  /// first 16 bytes of SHA-256("sharp9 event", session id, seq), marked as a name-based UUID.
  static func hashedID(session: UUID, seq: Int64) -> UUID {
    var bytes = derivedIDLabel
    withUnsafeBytes(of: session.uuid) { bytes += $0 }
    withUnsafeBytes(of: seq.bigEndian) { bytes += $0 }
    var digest = Array(SHA256.hash(data: bytes).prefix(16))
    digest[6] = (digest[6] & 0x0F) | 0x50
    digest[8] = (digest[8] & 0x3F) | 0x80
    return UUID(
      uuid: (
        digest[0], digest[1], digest[2], digest[3], digest[4], digest[5], digest[6], digest[7],
        digest[8], digest[9], digest[10], digest[11], digest[12], digest[13], digest[14],
        digest[15]
      ))
  }

  private static let derivedIDLabel = Array("sharp9 event".utf8)
}
