import Foundation
import Testing

@testable import Sharp9Store

/// The practice app's MIDI bindings in the database: bound, replaced by learning the same
/// message again, removed, kept across a reopen; a number out of range is refused by the table
/// and nothing is stored.
@Suite struct MIDIBindingStoreTests {
  let date = Date(timeIntervalSince1970: 1_800_000_000)

  @Test(arguments: StoreKind.allCases) func bindReplaceAndUnbind(kind: StoreKind) throws {
    let fixture = try StoreFixture(kind)
    let store = fixture.store
    #expect(try store.midiBindings() == [])
    let pedal = MIDIBinding(kind: .controlChange, channel: 1, number: 64, key: "=")
    let note = MIDIBinding(kind: .note, channel: 16, number: 0, key: " ")
    let program = MIDIBinding(kind: .programChange, channel: 3, number: 127, key: "ArrowLeft")
    for binding in [program, pedal, note] { try store.bindMIDI(binding, at: date) }
    #expect(try store.midiBindings() == [pedal, note, program])
    #expect(try store.midiBinding(kind: .note, channel: 16, number: 0) == " ")
    #expect(try store.midiBinding(kind: .note, channel: 15, number: 0) == nil)
    #expect(try store.midiBinding(kind: .controlChange, channel: 16, number: 0) == nil)

    var relearned = pedal
    relearned.key = "l"
    try store.bindMIDI(relearned, at: date)
    #expect(try store.midiBindings() == [relearned, note, program])

    #expect(try store.unbindMIDI(kind: .note, channel: 16, number: 0))
    #expect(try !store.unbindMIDI(kind: .note, channel: 16, number: 0))
    #expect(try store.midiBindings() == [relearned, program])
  }

  @Test func bindingsAreKeptAcrossAReopen() throws {
    let fixture = try StoreFixture(.onDisk)
    let binding = MIDIBinding(kind: .note, channel: 2, number: 60, key: "m")
    try fixture.store.bindMIDI(binding, at: date)
    let reopened = try EventStore(path: fixture.path)
    #expect(try reopened.midiBindings() == [binding])
  }

  @Test(arguments: [
    MIDIBinding(kind: .note, channel: 0, number: 60, key: "m"),
    MIDIBinding(kind: .note, channel: 17, number: 60, key: "m"),
    MIDIBinding(kind: .note, channel: 1, number: -1, key: "m"),
    MIDIBinding(kind: .note, channel: 1, number: 128, key: "m"),
    MIDIBinding(kind: .note, channel: 1, number: Int.max, key: "m"),
    MIDIBinding(kind: .note, channel: 1, number: 1, key: ""),
    MIDIBinding(kind: .note, channel: 1, number: 1, key: String(repeating: "k", count: 17)),
  ]) func outOfRangeIsRefusedByTheTable(binding: MIDIBinding) throws {
    let fixture = try StoreFixture(.inMemory)
    #expect(throws: SQLiteError.self) { try fixture.store.bindMIDI(binding, at: date) }
    #expect(try fixture.store.midiBindings() == [])
  }
}
