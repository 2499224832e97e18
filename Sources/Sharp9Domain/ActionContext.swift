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
      var mixed = UInt64(bitPattern: sequence) &* mix
      for index in 8..<16 {
        raw[index] ^= UInt8(truncatingIfNeeded: mixed)
        mixed >>= 8
      }
      raw[6] = (raw[6] & 0x0F) | 0x80
      raw[8] = (raw[8] & 0x3F) | 0x80
    }
    return UUID(uuid: bytes)
  }

  /// The sequence number `id` was derived from in `session` by ``derivedID(session:sequence:)``,
  /// or `nil` when it is not such an id.
  ///
  /// Inverts the mixing in O(1): the multiplier is odd, so it has an inverse modulo 2⁶⁴; only the
  /// two bits the variant stamp overwrote are unknown, and of their four candidates the smallest
  /// positive sequence that re-derives `id` is taken (the others are astronomically large).
  public static func sequence(ofDerivedID id: UUID, session: UUID) -> Int64? {
    let target = id.uuid
    let base = session.uuid
    var mixed: UInt64 = 0
    withUnsafeBytes(of: target) { idBytes in
      withUnsafeBytes(of: base) { sessionBytes in
        for index in (8..<16).reversed() {
          mixed = mixed << 8 | UInt64(idBytes[index] ^ sessionBytes[index])
        }
      }
    }
    var best: Int64?
    for stamped in UInt64(0)..<4 {
      let candidate = (mixed & ~0xC0) | stamped << 6
      let sequence = Int64(bitPattern: candidate &* mixInverse)
      guard sequence > 0, best.map({ sequence < $0 }) ?? true else { continue }
      if derivedID(session: session, sequence: sequence) == id { best = sequence }
    }
    return best
  }

  private static let mix: UInt64 = 0x9E37_79B9_7F4A_7C15

  /// The inverse of `mix` modulo 2⁶⁴ (Newton's iteration doubles the correct bits each step).
  private static let mixInverse: UInt64 = {
    var inverse = mix
    for _ in 0..<6 { inverse = inverse &* (2 &- mix &* inverse) }
    return inverse
  }()
}
