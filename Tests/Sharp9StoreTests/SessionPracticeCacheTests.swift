import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Store

/// The journal's per-session cache holds only for the session as it was summarised.
@Suite struct SessionPracticeCacheTests {
  static let practice = SessionPractice(
    spans: [.init(startSec: 1, endSec: 9.5, speed: 0.75, pitchSemitones: -2)],
    passes: [
      .init(endSec: 4, aSec: 2, bSec: 4.25, speed: 0.75, continuesRun: false),
      .init(endSec: 9, aSec: 2, bSec: 4.25, speed: 0.75, continuesRun: true),
    ])

  @Test(arguments: StoreKind.allCases) func holdsUntilTheSessionChanges(kind: StoreKind) throws {
    let fixture = try StoreFixture(kind)
    var session = try fixture.record(
      [(0, .importPicked(url: URL(filePath: "a.wav"))), (0.5, .togglePlay)],
      into: try fixture.newSession())
    #expect(try fixture.store.cachedPractice(of: session) == nil)
    try fixture.store.cachePractice(Self.practice, of: session)
    #expect(try fixture.store.cachedPractice(of: session) == Self.practice)

    session = try fixture.record([(2, .togglePlay)], into: session)
    #expect(try fixture.store.cachedPractice(of: session) == nil, "an event added since")
    try fixture.store.cachePractice(Self.practice, of: session)
    try fixture.store.endSession(session.id, at: FixtureDates.end)
    session = try fixture.store.session(id: session.id)
    #expect(try fixture.store.cachedPractice(of: session) == nil, "ended since")

    try fixture.store.cachePractice(Self.practice, of: session)
    try fixture.store.database.execute("UPDATE session_practice SET reducer_version = '0'")
    #expect(try fixture.store.cachedPractice(of: session) == nil, "another reducer")
    try fixture.store.cachePractice(Self.practice, of: session)
    try fixture.store.database.execute("UPDATE session_practice SET summary = '{\"spans\":3}'")
    #expect(try fixture.store.cachedPractice(of: session) == nil, "a damaged row")

    try fixture.store.deleteSession(session.id)
    let rows = try fixture.store.database.prepare("SELECT count(*) FROM session_practice")
    #expect(try rows.step() && rows.int64(0) == 0, "deleting the session deletes its summary")
  }
}

private enum FixtureDates {
  static let end = StoreFixture.startedAt.addingTimeInterval(60)
}
