import Foundation
import Sharp9Domain
import Testing

@Suite("Reducer: sections") struct SectionTests {
  @Test func namingAddsANamedMarkerOrNamesTheOneThereAndUndoes() {
    let plain = Marker(id: TestStore.id(90), timeSec: 30)
    var store = TestStore.loaded(duration: 60) { $0.markers = [plain] }
    let verse = store.nextID
    store.send(.nameSection(timeSec: 12, name: "  Verse ")) {
      $0.editAddMarker(Marker(id: verse, timeSec: 12, name: "Verse"))
      $0.history.undo[0].label = "Name Section"
      $0.toast = TestStore.toast("Section Verse", at: 0)
    }
    store.send(.nameSection(timeSec: 30, name: "Chorus")) {
      $0.editRenameMarker(at: 0, to: "Chorus")
      $0.toast = TestStore.toast("Section Chorus", at: 0)
    }
    #expect(
      store.state.sections == [
        SongSection(name: "Verse", timeSec: 12), SongSection(name: "Chorus", timeSec: 30),
      ])
    store.send(.nameSection(timeSec: 30, name: "Refrain")) {
      $0.editRenameMarker(at: 0, to: "Refrain")
      $0.toast = TestStore.toast("Section Refrain", at: 0)
    }
    // The same name again changes nothing and records no edit.
    store.send(.nameSection(timeSec: 30, name: "Refrain"))
    let renamed = store.state.history.undo
    store.send(.undo) {
      $0.markers[0].name = "Chorus"
      $0.history.undo = Array(renamed.dropLast())
      $0.history.redo = [renamed[2]]
      $0.toast = TestStore.toast("Undo Name Section", at: 0)
    }
    store.send(.undo) {
      $0.markers[0].name = nil
      $0.history.undo = [renamed[0]]
      $0.history.redo = [renamed[2], renamed[1]]
      $0.toast = TestStore.toast("Undo Name Section", at: 0)
    }
    store.send(.redo) {
      $0.markers[0].name = "Chorus"
      $0.history.undo = [renamed[0], renamed[1]]
      $0.history.redo = [renamed[2]]
      $0.toast = TestStore.toast("Redo Name Section", at: 0)
    }
  }

  @Test func aSectionIsLoopedUpToTheNextOrTheEnd() {
    var store = TestStore.loaded(duration: 60) {
      $0.markers = [
        Marker(id: TestStore.id(90), timeSec: 40, name: "Solo"),
        Marker(id: TestStore.id(91), timeSec: 5),
        Marker(id: TestStore.id(92), timeSec: 10, name: "Verse"),
      ]
    }
    store.send(
      .loopSection(number: 1), effects: [.engineSetLoop(aSec: 10, bSec: 40, enabled: true)]
    ) {
      $0.editLoop("Loop Section", to: LoopPoints(aSec: 10, bSec: 40, enabled: true))
      $0.toast = TestStore.toast("Looping Verse", at: 0)
    }
    store.send(
      .loopSection(number: 2), effects: [.engineSetLoop(aSec: 40, bSec: 60, enabled: true)]
    ) {
      $0.editLoop("Loop Section", to: LoopPoints(aSec: 40, bSec: 60, enabled: true))
      $0.toast = TestStore.toast("Looping Solo", at: 0)
    }
  }

  /// Bad input gets one toast and changes nothing: an empty, blank or 1,000-character name, a
  /// non-finite time, a section number that does not exist, a section at the very end, more
  /// than the limit, and no track at all.
  @Test func badInputChangesNothing() {
    var store = TestStore.loaded(duration: 60) {
      $0.markers = [Marker(id: TestStore.id(90), timeSec: 60, name: "End")]
    }
    for name in ["", "  \t", String(repeating: "é", count: 1000)] {
      store.send(.nameSection(timeSec: 3, name: name)) {
        $0.toast = TestStore.toast("Name the section in 1 to 100 characters", at: 0)
      }
    }
    store.send(.nameSection(timeSec: .nan, name: "x"))
    store.send(.nameSection(timeSec: .infinity, name: "x"))
    for number in [0, -1, 2, Int.max, Int.min] {
      store.send(.loopSection(number: number)) {
        $0.toast = TestStore.toast("No section \(number)", at: 0)
      }
    }
    store.send(.loopSection(number: 1)) {
      $0.toast = TestStore.toast("Section End is at the end", at: 0)
    }
    var full = TestStore.loaded(duration: 600) {
      $0.markers = MarkerList(
        (0..<PracticeRules.sectionLimit).map {
          Marker(id: TestStore.id(1000 + Int64($0)), timeSec: Double($0), name: "S\($0)")
        })
      $0.markers.append(Marker(id: TestStore.id(5000), timeSec: 500))
    }
    full.send(.nameSection(timeSec: 550, name: "x")) {
      $0.toast = TestStore.toast("At most 100 sections", at: 0)
    }
    full.send(.nameSection(timeSec: 500, name: "x")) {
      $0.toast = TestStore.toast("At most 100 sections", at: 0)
    }
    // Renaming one that is already a section is not one more.
    full.send(.nameSection(timeSec: 0, name: "Intro")) {
      $0.editRenameMarker(at: 0, to: "Intro")
      $0.toast = TestStore.toast("Section Intro", at: 0)
    }
    var empty = TestStore()
    empty.send(.nameSection(timeSec: 1, name: "x"))
    empty.send(.loopSection(number: 1))
    empty.send(.sectionsRestored([SongSection(name: "x", timeSec: 1)]))
  }

  /// The song's sections come in as the song loads: a marker standing at a section's time gets
  /// its name, named markers that are not the song's lose theirs, the rest are added with ids
  /// derived from the event's; sections past the track, with a bad name or a taken time are
  /// dropped. Not an edit, no toast.
  @Test func restoringTheSongsSections() {
    let plain = Marker(id: TestStore.id(90), timeSec: 20)
    let stale = Marker(id: TestStore.id(91), timeSec: 25, name: "Old")
    var store = TestStore.loaded(duration: 60) { $0.markers = [plain, stale] }
    let base = store.nextID
    store.send(
      .sectionsRestored([
        SongSection(name: "Intro", timeSec: 0), SongSection(name: "Verse", timeSec: 20),
        SongSection(name: "Late", timeSec: 61), SongSection(name: " pad", timeSec: 3),
        SongSection(name: "Twice", timeSec: 0), SongSection(name: "", timeSec: 4),
        SongSection(name: "Solo", timeSec: 40.5),
      ])
    ) {
      $0.markers[0].name = "Verse"
      $0.markers[1].name = nil
      $0.markers.append(
        Marker(
          id: ActionContext.derivedID(session: base, sequence: 1), timeSec: 0, name: "Intro"))
      $0.markers.append(
        Marker(
          id: ActionContext.derivedID(session: base, sequence: 3), timeSec: 40.5, name: "Solo"))
    }
    #expect(store.state.sections.map(\.name) == ["Intro", "Verse", "Solo"])
    // Restoring the same list again changes nothing.
    store.send(
      .sectionsRestored([
        SongSection(name: "Intro", timeSec: 0), SongSection(name: "Verse", timeSec: 20),
        SongSection(name: "Solo", timeSec: 40.5),
      ]))
  }
}
