import Foundation
import Sharp9Domain
import Testing

@Suite("Reducer properties") struct PropertyTests {
  /// Thousands of random actions per seed; after every one the state obeys every invariant.
  @Test(arguments: [1, 2, 3, 42, 2026] as [UInt64])
  func invariantsHoldAfterEveryAction(seed: UInt64) {
    var actions = RandomActions(random: SplitMix64(seed: seed), values: .hostile)
    var state = State()
    var t = 0.0
    var visited = (looping: 0, marked: 0, locked: 0, playing: 0)
    for sequence in 1...5000 {
      t += Double.random(in: 0...0.3, using: &actions.random)
      let action = actions.next(in: state, now: TestStore.startedAt.addingTimeInterval(t))
      let context = ActionContext(
        session: TestStore.session, startedAt: TestStore.startedAt, sequence: Int64(sequence), t: t)
      _ = Reducer.reduce(into: &state, action: action, context: context)
      let violations = Invariants.violations(of: state)
      if !violations.isEmpty {
        Issue.record("seed \(seed), event \(sequence) \(action): \(violations)")
        return
      }
      if state.loop.enabled { visited.looping += 1 }
      if !state.markers.isEmpty { visited.marked += 1 }
      if state.isLocked { visited.locked += 1 }
      if state.transport.isPlaying { visited.playing += 1 }
    }
    // The walk must reach the interesting states, or the property proves little.
    #expect(visited.looping > 100 && visited.marked > 100)
    #expect(visited.locked > 100 && visited.playing > 100)
  }

  /// The same actions give the same states and effects: the fold is a pure function.
  @Test func replayingTheSameActionsGivesIdenticalResults() throws {
    func run() throws -> String {
      var actions = RandomActions(random: SplitMix64(seed: 7), values: .hostile)
      var state = State()
      var trace = ""
      for sequence in 1...2000 {
        let action = actions.next(in: state, now: TestStore.startedAt)
        let context = ActionContext(
          session: TestStore.session, startedAt: TestStore.startedAt, sequence: Int64(sequence),
          t: Double(sequence) / 10)
        let effects = Reducer.reduce(into: &state, action: action, context: context)
        trace += try Interchange.string(effects)
      }
      return trace + (try Interchange.string(state))
    }
    #expect(try run() == run())
  }

  @Test func invariantsCatchBrokenStates() {
    let track = TrackMeta(name: "x", durationSec: 10)
    let broken = State(
      track: track,
      transport: Transport(isPlaying: false, currentTimeSec: 11, speed: 0.7333, pitchSemitones: 13),
      loop: LoopPoints(aSec: 5, bSec: 2, enabled: true),
      markers: [
        Marker(id: TestStore.id(1), timeSec: 1), Marker(id: TestStore.id(1), timeSec: 12),
      ],
      viewport: Viewport(startSec: 0, endSec: 20), isLoading: true)
    #expect(
      Invariants.violations(of: broken) == [
        .playheadOutsideTrack(timeSec: 11, durationSec: 10),
        .loopAAfterB(aSec: 5, bSec: 2),
        .speedOffGrid(speed: 0.7333, step: 0.01, range: 0.25...2),
        .pitchOffGrid(semitones: 13, step: 0.01, range: -12...12),
        .duplicateMarkerID(TestStore.id(1)),
        .markerOutsideTrack(id: TestStore.id(1), timeSec: 12, durationSec: 10),
        .viewportOutsideTrack(startSec: 0, endSec: 20, durationSec: 10),
        .loadingWithTrack,
      ])
    #expect(Invariants.violations(of: State(loop: LoopPoints(aSec: 1, enabled: true))).count == 2)
    #expect(Invariants.violations(of: State()) == [])
  }
}
