import Foundation

/// The outside world as the reducer may see it: the time of the action and the id it may use for a
/// new marker. Supplying these from outside keeps ``Reducer`` pure, so replay is deterministic.
public struct ActionContext: Sendable, Equatable, Hashable {
  /// When the action happened: the session's start plus the event's `t`.
  public var now: Date
  /// The id a marker created by this action gets.
  public var newID: UUID

  /// Creates a context from explicit values (tests pin them this way).
  public init(now: Date, newID: UUID) {
    self.now = now
    self.newID = newID
  }

  /// The context of event `sequence` of a session: `now` is `startedAt + t`, and the id is derived
  /// from the session id and the sequence number, so every replay recreates the same ids.
  public init(session: UUID, startedAt: Date, sequence: Int64, t: Double) {
    self.now = startedAt.addingTimeInterval(t)
    self.newID = Self.derivedID(session: session, sequence: sequence)
  }

  /// A UUID unique per (session, sequence): the session's bytes with the sequence number mixed
  /// into the last eight bytes, stamped as an RFC 9562 version 8 (custom) UUID.
  public static func derivedID(session: UUID, sequence: Int64) -> UUID {
    var bytes = session.uuid
    withUnsafeMutableBytes(of: &bytes) { raw in
      var mixed = UInt64(bitPattern: sequence) &* 0x9E37_79B9_7F4A_7C15
      for index in 8..<16 {
        raw[index] ^= UInt8(truncatingIfNeeded: mixed)
        mixed >>= 8
      }
      raw[6] = (raw[6] & 0x0F) | 0x80
      raw[8] = (raw[8] & 0x3F) | 0x80
    }
    return UUID(uuid: bytes)
  }
}
