import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Store

/// The ids derived for events that have none of their own: the same every time, ordered by seq
/// within a session (the unique index grows at its edge), marked as version 8, and never one
/// session's id for another's event.
struct DerivedIDTests {
  /// Fixed sessions from a seeded generator, so a failure names the same ids every run.
  static let sessions: [UUID] = {
    var random = SplitMix64(seed: 25)
    return (0..<64).map { _ in
      let (high, low) = (random.next(), random.next())
      let bytes = (0..<16).map {
        UInt8(truncatingIfNeeded: ($0 < 8 ? high : low) >> (8 * ($0 % 8)))
      }
      return UUID(
        uuid: (
          bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
          bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        ))
    }
  }()

  @Test func aSessionsIdsSortInSeqOrder() {
    for session in Self.sessions {
      let ids = NewEvent.DerivedIDs(session: session)
      let seqs: [Int64] = [1, 2, 3, 255, 256, 257, 65_535, 65_536, 1 << 32, (1 << 62) - 1]
      let bytes = seqs.map { withUnsafeBytes(of: ids[$0].uuid) { Array($0) } }
      #expect(bytes == bytes.sorted { $0.lexicographicallyPrecedes($1) }, "\(session)")
      #expect(Set(seqs.map { ids[$0] }).count == seqs.count)
      for seq in seqs {
        #expect(ids[seq] == NewEvent.derivedID(session: session, seq: seq))
        #expect(ids[seq].uuidString.dropFirst(14).first == "8", "version 8: \(ids[seq])")
        #expect("89AB".contains(ids[seq].uuidString.dropFirst(19).first ?? " "), "variant")
      }
    }
  }

  /// Servers store these ids, and devices derive them again on every push: the rule is an
  /// interface. Vectors computed apart from sharp9 (Python's hashlib and uuid, as
  /// scripts/test-sync-faults.sh checks a server's events).
  static let vectors: [(seq: Int64, derived: String, earlier: String)] = [
    (1, "5bb0aa82-e8a4-8d14-8000-000000000001", "4e42a1eb-c8c5-597c-ad2d-c13ed2189e55"),
    (2, "5bb0aa82-e8a4-8d14-8000-000000000002", "2218f949-af2e-5ae8-838a-8fbd83036163"),
    (600, "5bb0aa82-e8a4-8d14-8000-000000000258", "c3766871-655d-51af-9902-b30907edc58a"),
    ((1 << 62) - 1, "5bb0aa82-e8a4-8d14-bfff-ffffffffffff", "6b9d20b0-ab9a-5d37-9c6a-2abaf3ca22ae"),
  ]

  @Test(arguments: vectors)
  func theRulesGiveTheirPublishedIds(seq: Int64, derived: String, earlier: String) throws {
    let session = try #require(UUID(uuidString: "6f1c2d3e-4a5b-4c6d-8e7f-0123456789ab"))
    #expect(NewEvent.derivedID(session: session, seq: seq).uuidString.lowercased() == derived)
    #expect(NewEvent.hashedID(session: session, seq: seq).uuidString.lowercased() == earlier)
  }

  @Test func sessionsNeverShareAnId() {
    var seen: [UUID: UUID] = [:]
    for session in Self.sessions {
      let ids = NewEvent.DerivedIDs(session: session)
      for seq in Int64(1)...200 {
        let previous = seen.updateValue(session, forKey: ids[seq])
        #expect(
          previous == nil, "\(ids[seq]) derived for \(session) and \(String(describing: previous))")
      }
    }
  }

  /// Both rules are recognized for the event they were derived for, and only for it.
  @Test func earlierDerivedIdsAreRecognizedForTheirEventOnly() {
    for (index, session) in Self.sessions.enumerated() {
      let other = Self.sessions[(index + 1) % Self.sessions.count]
      for seq in Int64(1)...20 {
        for id in [
          NewEvent.derivedID(session: session, seq: seq),
          NewEvent.hashedID(session: session, seq: seq),
        ] {
          #expect(NewEvent.isDerivedID(id, session: session, seq: seq))
          #expect(!NewEvent.isDerivedID(id, session: session, seq: seq + 1))
          #expect(!NewEvent.isDerivedID(id, session: other, seq: seq))
        }
      }
      #expect(!NewEvent.isDerivedID(UUID(), session: session, seq: 1))
    }
  }
}
