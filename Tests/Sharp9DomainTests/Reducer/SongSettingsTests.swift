import Foundation
import Sharp9Domain
import Testing

/// A song's markers, speed and pitch from its last session come from outside: each is checked,
/// restoring is not an edit, raises no toast, and needs a track.
@Suite struct SongSettingsTests {
  /// The id the restore sent as action `sequence` gives its `index`th marker.
  private func restoredID(_ sequence: Int64, _ index: Int64) -> UUID {
    ActionContext.derivedID(session: TestStore.id(sequence), sequence: index + 1)
  }

  @Test func markersSpeedAndPitchComeBackCheckedOneByOne() {
    var store = TestStore.loaded(duration: 60)
    let settings = SongSettings(
      markers: [1.5, -1, 61, .nan, 60, 0], speed: 0.7349, pitchSemitones: -3.004)
    store.send(
      .songSettingsRestored(settings),
      effects: [.engineSetRate(0.73), .engineSetPitchSemitones(-3)]
    ) {
      $0.markers = [
        Marker(id: restoredID(1, 0), timeSec: 1.5), Marker(id: restoredID(1, 4), timeSec: 60),
        Marker(id: restoredID(1, 5), timeSec: 0),
      ]
      $0.transport.speed = 0.73
      $0.transport.pitchSemitones = -3
    }
    // Not an edit: undo has nothing to take back.
    store.send(.undo)
  }

  @Test func outOfRangeValuesAreClampedAndNonFiniteOnesLeftAlone() {
    var store = TestStore.loaded(duration: 60)
    store.send(
      .songSettingsRestored(SongSettings(markers: [], speed: 9, pitchSemitones: -40)),
      effects: [.engineSetRate(2), .engineSetPitchSemitones(-12)]
    ) {
      $0.transport.speed = 2
      $0.transport.pitchSemitones = -12
    }
    store.send(
      .songSettingsRestored(SongSettings(markers: [], speed: .infinity, pitchSemitones: .nan)))
  }

  @Test func atMostTheLimitOfMarkersIsTaken() {
    var store = TestStore.loaded(duration: 60)
    let many = Array(repeating: 1.0, count: PracticeRules.restoredMarkerLimit + 5)
    store.send(
      .songSettingsRestored(SongSettings(markers: many, speed: 1, pitchSemitones: 0)),
      effects: [.engineSetRate(1), .engineSetPitchSemitones(0)]
    ) {
      $0.markers = MarkerList(
        (0..<Int64(PracticeRules.restoredMarkerLimit)).map {
          Marker(id: restoredID(1, $0), timeSec: 1)
        })
    }
  }

  @Test func withoutATrackNothingIsRestored() {
    var store = TestStore()
    store.send(.songSettingsRestored(SongSettings(markers: [1], speed: 0.5, pitchSemitones: 2)))
  }

  /// What a session leaves: nothing when it changed none of the three.
  @Test func aSessionThatChangedNothingLeavesNothing() {
    #expect(SongSettings(leftBy: State()) == nil)
    var state = State()
    state.transport.pitchSemitones = 1
    #expect(SongSettings(leftBy: state) == SongSettings(markers: [], speed: 1, pitchSemitones: 1))
  }
}
