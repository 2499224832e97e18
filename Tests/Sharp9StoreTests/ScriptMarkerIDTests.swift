import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Store

/// A script's `deleteMarker` names a marker by the id `sharp9 reduce` gives it; import and export
/// must keep that meaning although a stored session's marker ids derive from its own id.
@Suite struct ScriptMarkerIDTests {
  static let secondMarker = ActionContext.derivedID(
    session: SessionScript.unrecordedSessionID, sequence: 2)

  static let script = """
    {"session":{"startedAt":"2026-11-21T19:00:00.000Z","title":"markers"}}
    {"type":"importSucceeded","track":{"name":"a.wav","durationSec":60},"t":0}
    {"type":"addMarker","timeSec":5,"t":1}
    {"type":"addMarker","timeSec":9,"t":2}
    {"type":"deleteMarker","id":"\(secondMarker.uuidString)","t":3}

    """

  @Test(arguments: StoreKind.allCases) func importDeletesTheMarkerReduceDeletes(kind: StoreKind)
    throws
  {
    let fixture = try StoreFixture(kind)
    let parsed = try SessionScript.parse(Self.script)
    var reduced = State()
    for index in parsed.actions.indices {
      _ = Reducer.reduce(
        into: &reduced, action: parsed.actions[index].action,
        context: parsed.context(forActionAt: index))
    }
    let session = try fixture.store.importScript(
      Self.script, title: nil, defaultTitle: "x", sharp9Version: "test")
    let stored = try fixture.store.state(of: session, at: 4)
    #expect(reduced.markers.map(\.timeSec) == [9])
    #expect(stored.markers.map(\.timeSec) == [9])
    #expect(stored.markers.map(\.id) == [ActionContext.derivedID(session: session.id, sequence: 3)])

    var exported = ""
    try fixture.store.exportScript(session) { exported += $0 }
    #expect(exported == Self.script)
  }
}
