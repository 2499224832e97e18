import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Store

@Suite struct StateDiffTests {
  private let idA = UUID(uuid: (0xAA, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))
  private let idB = UUID(uuid: (0xBB, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))

  @Test func equalStatesHaveNoChanges() throws {
    #expect(try StateDiff.changes(from: State(), to: State()) == [])
  }

  @Test func changedFieldsAreListedByPathInOrder() throws {
    var after = State()
    after.transport.speed = 0.75
    after.loop.aSec = 1.5
    after.mode = .setA
    after.toast = ToastState(message: "Speed 0.75 x", expiresAt: Date(timeIntervalSince1970: 2))
    #expect(
      try StateDiff.changes(from: State(), to: after) == [
        FieldChange(path: "loop.aSec", before: "null", after: "1.5"),
        FieldChange(path: "mode", before: "\"loop\"", after: "\"setA\""),
        FieldChange(
          path: "toast", before: "null",
          after: #"{"expiresAt":"1970-01-01T00:00:02.000Z","message":"Speed 0.75 x"}"#),
        FieldChange(path: "transport.speed", before: "1", after: "0.75"),
      ])
  }

  @Test func markersAreMatchedByID() throws {
    let before = State(markers: [Marker(id: idA, timeSec: 1), Marker(id: idB, timeSec: 2)])
    let after = State(markers: [Marker(id: idB, timeSec: 3)])
    let changes = try StateDiff.changes(from: before, to: after)
    #expect(
      changes.map(\.description) == [
        "markers[1 at 00:01.00]: {\"id\":\"\(idA.uuidString)\",\"timeSec\":1} → (absent)",
        "markers[2 at 00:02.00].timeSec: 2 → 3",
      ])
  }

  @Test func fieldsListsEveryLeaf() throws {
    let fields = try StateDiff.fields(of: State(markers: [Marker(id: idA, timeSec: 1)]))
    #expect(fields.map(\.path).contains("transport.currentTimeSec"))
    #expect(fields.contains { $0.path == "markers[1 at 00:01.00]" })
    #expect(fields.contains { $0.path == "toast" && $0.value == "null" })
  }
}
