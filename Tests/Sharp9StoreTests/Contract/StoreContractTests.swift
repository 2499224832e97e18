import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Store

/// The guarantees of docs/design/store.md ("What a store backend must guarantee"), tested the
/// same way against every backend: SQLite always, PostgreSQL when a test cluster is given
/// (`SHARP9_TEST_POSTGRES`; CI starts one with scripts/postgres.sh).
@Suite struct StoreContractTests {
  /// Sessions are created with their id, listed oldest start first, found by id and by a unique
  /// case-insensitive prefix, ended, and deleted with everything recorded for them.
  @Test(arguments: ContractBackend.available)
  func sessionsAreCreatedListedFoundEndedAndDeleted(_ backend: ContractBackend) throws {
    let fixture = try ContractLog(backend)
    let log = fixture.log
    let ids = [
      "aaaa1111-0000-4000-8000-000000000001", "aaaa2222-0000-4000-8000-000000000002",
      "bbbb3333-0000-4000-8000-000000000003",
    ].compactMap(UUID.init(uuidString:))
    let start = RandomSession.startedAt
    // Created out of start order: the list is by start.
    let late = try fixture.newSession(id: ids[0], title: "late", startedAt: start + 60)
    let early = try fixture.newSession(id: ids[1], title: "early", startedAt: start)
    let middle = try fixture.newSession(id: ids[2], title: "middle", startedAt: start + 30)
    #expect(late.eventCount == 0 && late.lastT == 0 && late.endedAt == nil)
    #expect(try log.sessions().map(\.title) == ["early", "middle", "late"])
    #expect(try log.session(id: ids[1]) == early)

    #expect(try log.session(matching: "BBBB").id == middle.id)
    #expect(try log.session(matching: ids[0].uuidString).id == late.id)
    #expect(throws: StoreError.ambiguousSession("aaaa", matches: [late.idString, early.idString])) {
      try log.session(matching: "aaaa")
    }
    #expect(throws: StoreError.sessionNotFound("cccc")) { try log.session(matching: "cccc") }
    #expect(throws: StoreError.sessionNotFound("a%")) { try log.session(matching: "a%") }
    let unknown = UUID()
    #expect(throws: StoreError.sessionNotFound(unknown.uuidString.lowercased())) {
      try log.session(id: unknown)
    }

    try log.endSession(middle.id, at: start + 90)
    #expect(try log.session(id: middle.id).endedAt == UnixMilliseconds(start + 90))
    #expect(throws: StoreError.sessionNotFound(unknown.uuidString)) {
      try log.endSession(unknown, at: start)
    }

    let recorded = try fixture.record(
      RandomSession.actions(count: 40, seed: 7, session: late.id), into: late)
    #expect(recorded.eventCount == 40)
    try log.deleteSession(late.id)
    #expect(try log.sessions().map(\.title) == ["early", "middle"])
    #expect(throws: StoreError.sessionNotFound(late.id.uuidString)) {
      try log.deleteSession(late.id)
    }
  }

  /// An append says which head it expects: a second writer that did not see the first's event
  /// gets the conflict and changes nothing; a time going backwards is refused; a writer opened
  /// later continues from the stored head.
  @Test(arguments: ContractBackend.available)
  func appendsExpectAHeadAndConflictOtherwise(_ backend: ContractBackend) throws {
    let fixture = try ContractLog(backend)
    let log = fixture.log
    let session = try fixture.newSession()
    let first = try log.writer(for: session)
    let second = try log.writer(for: session)

    let step = try first.append(.onAppear, at: 0.5, expecting: 0)
    #expect(step.seq == 1 && step.t == 0.5 && step.action == .onAppear)
    #expect(throws: StoreError.conflict(session: session.idString, expected: 0, actual: 1)) {
      _ = try second.append(.togglePlay, at: 1, expecting: 0)
    }
    #expect(second.session.eventCount == 0)
    #expect(throws: StoreError.conflict(session: session.idString, expected: 5, actual: 1)) {
      _ = try first.append(.togglePlay, at: 1, expecting: 5)
    }
    #expect(throws: StoreError.invalidTime(seq: 2, t: 0.25, previous: 0.5)) {
      _ = try first.append(.togglePlay, at: 0.25, expecting: 1)
    }
    #expect(throws: StoreError.self) {
      _ = try first.append(.togglePlay, at: .nan, expecting: 1)
    }
    #expect(first.session.eventCount == 1)

    let reopened = try log.writer(for: session)
    #expect(reopened.session.eventCount == 1 && reopened.session.lastT == 0.5)
    #expect(reopened.state == first.state)
    _ = try reopened.append(.togglePlay, at: 2, expecting: 1)
    try reopened.finish(at: RandomSession.startedAt + 10)
    let stored = try log.session(id: session.id)
    #expect(stored.eventCount == 2 && stored.lastT == 2)
    #expect(stored.endedAt == UnixMilliseconds(RandomSession.startedAt + 10))
    #expect(try fixture.events(of: stored).map(\.action) == [.onAppear, .togglePlay])
  }

  /// What runs before the commit gets the event as it will be stored; its error aborts the
  /// append: nothing stored, the writer's state and head as before, and the next append takes
  /// the same sequence number.
  @Test(arguments: ContractBackend.available)
  func beforeCommitSeesTheEventAndItsErrorAbortsTheAppend(
    _ backend: ContractBackend
  ) throws {
    struct Refused: Error {}
    let fixture = try ContractLog(backend)
    let log = fixture.log
    let session = try fixture.newSession()
    let writer = try log.writer(for: session)
    _ = try writer.append(.onAppear, at: 0.5, expecting: 0)
    let before = writer.state

    var seen: ReplayStep?
    #expect(throws: Refused.self) {
      _ = try writer.append(.togglePlay, at: 1, expecting: 1) { step in
        seen = step
        throw Refused()
      }
    }
    #expect(seen?.seq == 2 && seen?.t == 1 && seen?.action == .togglePlay)
    #expect(writer.state == before && writer.session.eventCount == 1)
    #expect(try log.session(id: session.id).eventCount == 1)

    var handed: ReplayStep?
    let step = try writer.append(.togglePlay, at: 1.5, expecting: 1) { handed = $0 }
    #expect(handed == step && step.seq == 2)
    #expect(
      try fixture.events(of: try log.session(id: session.id)).map(\.action) == [
        .onAppear, .togglePlay,
      ])
  }

  /// `events(of:after:through:)` returns exactly events `after + 1 ... through`, in order, as
  /// they were appended, across checkpoint and page boundaries.
  @Test(arguments: ContractBackend.available)
  func eventsAfterThroughAreTheAppendedOnes(_ backend: ContractBackend) throws {
    let fixture = try ContractLog(backend, interval: 16)
    let session = try fixture.newSession()
    let actions = RandomSession.actions(count: 300, seed: 11, session: session.id)
    let stored = try fixture.record(actions, into: session)
    #expect(stored.eventCount == 300)
    #expect(stored.lastT == actions.last?.t)

    func expected(_ range: ClosedRange<Int>) -> [StoredEvent] {
      range.map {
        StoredEvent(seq: Int64($0), t: actions[$0 - 1].t, action: actions[$0 - 1].action)
      }
    }
    #expect(try fixture.events(of: stored) == expected(1...300))
    #expect(try fixture.events(of: stored, after: 100, through: 140) == expected(101...140))
    #expect(try fixture.events(of: stored, after: 299) == expected(300...300))
    #expect(try fixture.events(of: stored, after: 300).isEmpty)
    #expect(try fixture.events(of: stored, after: 7, through: 7).isEmpty)
  }

  /// The state at every event equals folding the events from scratch, whichever checkpoint the
  /// backend starts from; outside `0...head` is an error.
  @Test(arguments: ContractBackend.available)
  func stateAtEveryEventEqualsTheFoldOfItsEvents(_ backend: ContractBackend) throws {
    let fixture = try ContractLog(backend, interval: 7)
    let session = try fixture.newSession()
    let actions = RandomSession.actions(count: 60, seed: 3, session: session.id)
    let stored = try fixture.record(actions, into: session)
    let folds = foldsFromScratch(actions, session: stored)
    for seq in 0...60 {
      #expect(try fixture.log.state(of: stored, at: Int64(seq)) == folds[seq], "state at \(seq)")
    }
    #expect(try fixture.log.state(of: stored, at: nil) == folds[60])
    #expect(throws: StoreError.sequenceOutOfRange(session: stored.idString, seq: 61, count: 60)) {
      try fixture.log.state(of: stored, at: 61)
    }
    #expect(throws: StoreError.sequenceOutOfRange(session: stored.idString, seq: -1, count: 60)) {
      try fixture.log.state(of: stored, at: -1)
    }
  }

  /// A song's saved loops and sections are a stream of their own: the last marks recorded are
  /// the current ones, whichever session changed them; songs are kept apart; an unknown song has
  /// none; recording the same marks again appends nothing.
  @Test(arguments: ContractBackend.available)
  func songMarksAreTheLastRecorded(_ backend: ContractBackend) throws {
    let fixture = try ContractLog(backend)
    let log = fixture.log
    let song = String(repeating: "ab", count: 32)
    let other = String(repeating: "cd", count: 32)
    let verse = SavedLoop(name: "verse", aSec: 1, bSec: 5.5)
    let chorus = SavedLoop(name: "chorus", aSec: 10, bSec: 20)
    let intro = SongSection(name: "Intro", timeSec: 0)
    let solo = SongSection(name: "Solo", timeSec: 42.25)
    #expect(try log.songMarks(of: song).isEmpty)
    let at = RandomSession.startedAt
    try log.recordSongMarks(SongMarks(loops: [verse]), of: song, from: UUID(), at: at)
    try log.recordSongMarks(
      SongMarks(loops: [verse, chorus], sections: [intro]), of: song, from: nil, at: at + 1)
    try log.recordSongMarks(
      SongMarks(loops: [verse, chorus], sections: [intro, solo]), of: song, from: nil, at: at + 2)
    try log.recordSongMarks(SongMarks(loops: [chorus]), of: other, from: nil, at: at + 3)
    #expect(
      try log.songMarks(of: song) == SongMarks(loops: [verse, chorus], sections: [intro, solo]))
    #expect(try log.songMarks(of: other) == SongMarks(loops: [chorus]))
    try log.recordSongMarks(SongMarks(), of: song, from: nil, at: at + 4)
    #expect(try log.songMarks(of: song).isEmpty)
  }
}
