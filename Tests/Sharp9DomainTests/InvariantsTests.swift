import Foundation
import Testing

@testable import Sharp9Domain

@Suite("Invariants")
struct InvariantsTests {
  private let track = TrackMeta(name: "take.wav", durationSec: 10)
  private let id = UUID(uuid: (1, 2, 3, 4, 5, 6, 0x87, 8, 0x89, 10, 11, 12, 13, 14, 15, 16))

  private func rules(_ state: State) -> [InvariantViolation.Rule] {
    Invariants.violations(of: state).map(\.rule)
  }

  @Test("the launch state and a sound loaded state are clean")
  func soundStates() {
    #expect(Invariants.violations(of: State()) == [])
    let state = State(
      track: track, transport: Transport(currentTimeSec: 10, speed: 0.75, pitchSemitones: -3),
      loop: LoopPoints(aSec: 2, bSec: 2, enabled: true), markers: [Marker(id: id, timeSec: 0)])
    #expect(Invariants.violations(of: state) == [])
  }

  @Test("time outside the track, or anywhere but 0 without one")
  func time() {
    #expect(rules(State(track: track, transport: Transport(currentTimeSec: 10.5))) == [.timeWithinTrack])
    #expect(rules(State(track: track, transport: Transport(currentTimeSec: -0.1))) == [.timeWithinTrack])
    #expect(rules(State(transport: Transport(currentTimeSec: 1))) == [.timeWithinTrack])
  }

  @Test("loop points and markers outside the track")
  func points() {
    let state = State(
      track: track, loop: LoopPoints(aSec: -1, bSec: 11), markers: [Marker(id: id, timeSec: 12)])
    #expect(
      Invariants.violations(of: state).map(\.description) == [
        "pointsWithinTrack: loop.aSec -1.0 outside 0…10.0",
        "pointsWithinTrack: loop.bSec 11.0 outside 0…10.0",
        "pointsWithinTrack: marker 01020304 timeSec 12.0 outside 0…10.0",
      ])
    #expect(rules(State(markers: [Marker(id: id, timeSec: 0)])) == [.pointsWithinTrack])
  }

  @Test("A after B, and a loop enabled without both points")
  func loop() {
    let swapped = State(track: track, loop: LoopPoints(aSec: 5, bSec: 4))
    #expect(Invariants.violations(of: swapped).map(\.description) == ["aNotAfterB: aSec 5.0 > bSec 4.0"])
    let halfLoop = State(track: track, loop: LoopPoints(aSec: 5, bSec: nil, enabled: true))
    #expect(
      Invariants.violations(of: halfLoop).map(\.description) == [
        "loopNeedsAAndB: enabled with aSec 5.0, bSec null"
      ])
  }

  @Test("speed and pitch out of range or off the grid")
  func tempo() {
    #expect(rules(State(transport: Transport(speed: 2.05))) == [.speedInRangeOnGrid])
    #expect(rules(State(transport: Transport(speed: 0.7500000001))) == [.speedInRangeOnGrid])
    #expect(rules(State(transport: Transport(pitchSemitones: 12.5))) == [.pitchInRangeOnGrid])
    #expect(rules(State(transport: Transport(pitchSemitones: 0.125))) == [.pitchInRangeOnGrid])
    #expect(rules(State(transport: Transport(speed: 0.25, pitchSemitones: -12))) == [])
  }

  @Test("duplicate marker ids")
  func duplicateMarkers() {
    let state = State(track: track, markers: [Marker(id: id, timeSec: 1), Marker(id: id, timeSec: 2)])
    #expect(rules(state) == [.uniqueMarkerIDs])
  }

  @Test("non-finite numbers are named")
  func nonFinite() {
    let state = State(track: track, transport: Transport(currentTimeSec: .nan))
    #expect(
      Invariants.violations(of: state).map(\.description) == [
        "finiteNumbers: transport.currentTimeSec is nan",
        "timeWithinTrack: currentTimeSec nan outside 0…10.0",
      ])
  }
}
