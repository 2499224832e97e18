import Crypto
import Foundation

extension NewEvent {
  /// The id of event `seq` of `session` for an event that has none of its own (a device's SQLite
  /// store keeps no event ids; an import mints none), the same on every device, every retry and
  /// every run: the first 16 bytes of SHA-256("sharp9 event", session id, seq), marked as a
  /// name-based UUID. Sync sends these (`SyncWire.eventID`), and the PostgreSQL store gives them
  /// to imported events, so a session imported on a server and pushed again from a device that
  /// pulled it is recognized event by event.
  public static func derivedID(session: UUID, seq: Int64) -> UUID {
    var bytes = Self.derivedIDPrefix
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

  private static let derivedIDPrefix = Array("sharp9 event".utf8)
}
