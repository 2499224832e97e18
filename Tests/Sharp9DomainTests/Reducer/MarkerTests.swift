import Foundation
import Sharp9Domain
import Testing

@Suite("Reducer: markers") struct MarkerTests {
  @Test func addMarkerUsesTheContextIDAndClamps() {
    var store = TestStore.loaded(duration: 60)
    let first = store.nextID
    store.send(.addMarker(timeSec: 3.25)) { $0.editAddMarker(Marker(id: first, timeSec: 3.25)) }
    let second = store.nextID
    store.send(.addMarker(timeSec: 99)) { $0.editAddMarker(Marker(id: second, timeSec: 60)) }
    store.send(.addMarker(timeSec: .nan))
  }

  @Test func addMarkerWithATakenIDIsIgnored() {
    var store = TestStore.loaded { $0.markers = [Marker(id: TestStore.id(1), timeSec: 1)] }
    store.send(.addMarker(timeSec: 2))
  }

  @Test func deleteMarkerRemovesOnlyThatMarker() {
    let a = Marker(id: TestStore.id(90), timeSec: 1)
    let b = Marker(id: TestStore.id(91), timeSec: 2)
    var store = TestStore.loaded { $0.markers = [a, b] }
    store.send(.deleteMarker(id: a.id)) { $0.editDeleteMarker(at: 0) }
    store.send(.deleteMarker(id: a.id))
  }

  @Test func withoutATrackMarkerActionsAreNoOps() {
    var store = TestStore()
    store.send(.addMarker(timeSec: 1))
    store.send(.markNow)
    store.send(.deleteMarker(id: TestStore.id(1)))
  }

  @Test func markNowMarksThePlayheadWithAToast() {
    var store = TestStore.loaded { $0.transport.currentTimeSec = 33.3 }
    let id = store.nextID
    store.send(.markNow, at: 5) {
      $0.editAddMarker(Marker(id: id, timeSec: 33.3))
      $0.lastMarkNowAt = TestStore.date(5)
      $0.toast = TestStore.toast("Mark added", at: 5)
    }
  }

  @Test func markNowIsDebouncedFromTheLastAcceptedMark() {
    var store = TestStore.loaded()
    let first = store.nextID
    store.send(.markNow, at: 1) {
      $0.editAddMarker(Marker(id: first, timeSec: 0))
      $0.lastMarkNowAt = TestStore.date(1)
      $0.toast = TestStore.toast("Mark added", at: 1)
    }
    store.send(.markNow, at: 1.1)
    store.send(.markNow, at: 1.149)
    let second = store.nextID
    store.send(.markNow, at: 1.2) {
      $0.editAddMarker(Marker(id: second, timeSec: 0))
      $0.lastMarkNowAt = TestStore.date(1.2)
      $0.toast = TestStore.toast("Mark added", at: 1.2)
    }
  }

  @Test func markNowWithAClockThatWentBackIsIgnored() {
    var store = TestStore.loaded { $0.lastMarkNowAt = TestStore.date(10) }
    store.send(.markNow, at: 3)
  }
}
