import Foundation
import Sharp9Domain
import Sharp9Words
import Testing

@testable import Sharp9Store

@Suite("check and minimize")
struct CheckAndMinimizeTests {
  @Test("check passes a sound session with the real reducer")
  func checkPasses() throws {
    let store = try EventStore.inMemory()
    let session = try HistoryFixtures.session(HistoryFixtures.loopBugSession, in: store)
    let report = try store.check(session)
    #expect(report.passed)
    #expect(report.eventsChecked == Int64(HistoryFixtures.loopBugSession.count))
  }

  @Test("check reports the first violating event with the diff that broke it")
  func checkFindsPlantedBug() throws {
    let store = try EventStore.inMemory()
    let session = try HistoryFixtures.session(HistoryFixtures.loopBugSession, in: store)
    let report = try store.check(session, reduce: HistoryFixtures.loopBug)
    let finding = try #require(report.finding)
    #expect(finding.seq == 19)
    #expect(finding.action == .cycleSpeed)
    #expect(finding.violations == [.loopEnabledWithoutAB])
    #expect(
      finding.violations.map(InvariantText.sentence) == [
        "loop.enabled is true without both A and B"
      ])
    #expect(report.eventsChecked == 19)
    #expect(report.changes.map(\.path).contains("loop.enabled"))
    #expect(
      report.changes.first { $0.path == "loop.enabled" }?.description
        == "loop.enabled: false → true")
  }

  @Test("minimize --invariant reaches the known minimal sequence")
  func minimizeInvariant() throws {
    let store = try EventStore.inMemory()
    let session = try HistoryFixtures.session(HistoryFixtures.loopBugSession, in: store)
    let (actions, seqs) = try store.scriptedActions(of: session)
    let result = try SessionMinimizer(reduce: HistoryFixtures.loopBug).minimize(
      SessionScript(header: nil, actions: actions), originalSeqs: seqs, recordedIn: session.id,
      .invariant)
    #expect(
      result.script.actions == [
        ScriptedAction(t: 1.0, action: .importSucceeded(track: HistoryFixtures.track)),
        ScriptedAction(t: 5.5, action: .setA(timeSec: 4)),
        ScriptedAction(t: 9.0, action: .cycleSpeed),
      ])
    #expect(result.keptSeqs == [3, 12, 19])
  }

  @Test("minimize refuses when the predicate does not hold for the whole session")
  func minimizeNothing() throws {
    let store = try EventStore.inMemory()
    let session = try HistoryFixtures.session(HistoryFixtures.loopBugSession, in: store)
    let (actions, seqs) = try store.scriptedActions(of: session)
    #expect(throws: SessionMinimizer.Failure.self) {
      try SessionMinimizer().minimize(
        SessionScript(header: nil, actions: actions), originalSeqs: seqs, recordedIn: session.id,
        .invariant)
    }
  }

  @Test("minimize --diverges shrinks a nondeterministic reducer's session to one markNow")
  func minimizeDiverges() throws {
    let flaky = FlakyReducer()
    let script = SessionScript(
      header: nil,
      actions: HistoryFixtures.timed(
        HistoryFixtures.loopBugSession + [.markNow, .tick(currentTimeSec: 2), .markNow]))
    let seqs = script.actions.indices.map { Int64($0) + 1 }
    let result = try SessionMinimizer(reduce: flaky.reduce).minimize(
      script, originalSeqs: seqs, recordedIn: SessionScript.unrecordedSessionID, .diverges(.store))
    #expect(result.script.actions.map(\.action) == [.markNow])
  }

  @Test("a custom predicate keeps order and t: setA before setB")
  func minimizeCustom() throws {
    let script = SessionScript(
      header: nil, actions: HistoryFixtures.timed(HistoryFixtures.loopBugSession))
    let seqs = script.actions.indices.map { Int64($0) + 1 }
    let result = try SessionMinimizer().minimize(
      script, originalSeqs: seqs, recordedIn: SessionScript.unrecordedSessionID,
      .custom { candidate in
        let kinds = candidate.actions.map(\.action.kind)
        guard let a = kinds.firstIndex(of: .setA) else { return false }
        return kinds[a...].contains(.setB)
      })
    #expect(
      result.script.actions == [
        ScriptedAction(t: 5.5, action: .setA(timeSec: 4)),
        ScriptedAction(t: 10, action: .setB(timeSec: 8)),
      ])
  }

  @Test("a minimized candidate's deleteMarker still deletes the marker its kept event made")
  func minimizeKeepsMarkerIdentity() throws {
    let store = try EventStore.inMemory()
    let base: [Action] = [
      .importSucceeded(track: HistoryFixtures.track), .tick(currentTimeSec: 1),
      .addMarker(timeSec: 2), .tick(currentTimeSec: 2), .addMarker(timeSec: 7),
    ]
    var session = try HistoryFixtures.session(base, in: store)
    let markerID = try store.state(of: session).markers[0].id
    let recorder = try Recorder(store: store, session: session)
    try recorder.send(.deleteMarker(id: markerID), at: 10)
    session = try store.session(id: session.id)
    let (actions, seqs) = try store.scriptedActions(of: session)
    // Holds when a marker at 2 s existed at some point and is gone at the end: only if the
    // candidate's deleteMarker names the marker its kept addMarker creates.
    let result = try SessionMinimizer().minimize(
      SessionScript(header: nil, actions: actions), originalSeqs: seqs, recordedIn: session.id,
      .custom { candidate in
        var state = State()
        var sawMarker = false
        for index in candidate.actions.indices {
          _ = Reducer.reduce(
            into: &state, action: candidate.actions[index].action,
            context: candidate.context(forActionAt: index))
          sawMarker = sawMarker || state.markers.contains { $0.timeSec == 2 }
        }
        return sawMarker && !state.markers.contains { $0.timeSec == 2 }
      })
    #expect(result.keptSeqs == [1, 3, 6])
  }
}
