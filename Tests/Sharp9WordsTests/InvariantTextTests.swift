import Foundation
import Sharp9Domain
import Sharp9Words
import Testing

@Suite("invariant words")
struct InvariantTextTests {
  @Test("each broken rule is worded from the values it carries")
  func brokenStateSentences() {
    let id = ActionContext.derivedID(session: UUID(), sequence: 1)
    let track = TrackMeta(name: "x", durationSec: 10)
    let broken = State(
      track: track,
      transport: Transport(isPlaying: false, currentTimeSec: 11, speed: 0.7333, pitchSemitones: 13),
      loop: LoopPoints(aSec: 5, bSec: 2, enabled: true),
      markers: [Marker(id: id, timeSec: 1), Marker(id: id, timeSec: 12)],
      viewport: Viewport(startSec: 0, endSec: 20), isLoading: true)
    #expect(
      Invariants.violations(of: broken).map(InvariantText.sentence) == [
        "transport.currentTimeSec 11.0 is outside the track (0…10.0)",
        "loop.aSec 5.0 is after loop.bSec 2.0",
        "transport.speed 0.7333 is not a multiple of 0.01 within 0.25…2",
        "transport.pitchSemitones 13.0 is not a multiple of 0.01 within -12…12",
        "markers: id \(id) appears more than once",
        "markers: \(id) at 12.0 is outside the track",
        "viewport 0.0…20.0 is not within the track",
        "isLoading is true while a track is loaded",
      ])
  }

  @Test("the sentences name the values and limits the violation carries, not fixed ones")
  func wordsFollowTheData() throws {
    #expect(
      InvariantText.sentence(.speedOffGrid(speed: 3, step: 0.1, range: 0.5...4))
        == "transport.speed 3.0 is not a multiple of 0.1 within 0.5…4")
    #expect(
      InvariantText.sentence(.loopPointOutsideTrack(.b, timeSec: 12.5, durationSec: 9))
        == "loop.bSec 12.5 is outside the track (0…9.0)")
    #expect(
      InvariantText.sentence(.historyTooDeep(depth: 101, limit: 100))
        == "history holds 101 edits, more than the 100 allowed")
    #expect(
      InvariantText.sentence(.tooManySections(count: 101, limit: 100))
        == "markers name 101 sections, more than the 100 allowed")
    #expect(
      InvariantText.sentence(
        .sectionNameInvalid(
          id: try #require(UUID(uuidString: "00000000-0000-0000-0000-000000000000")), name: " x"))
        == "markers: 00000000-0000-0000-0000-000000000000 names a section \" x\", not a name of"
        + " 1 to 100 characters without spaces around it")
    #expect(
      InvariantText.sentence(.playheadOutsideTrack(timeSec: -1, durationSec: 0))
        == "transport.currentTimeSec -1.0 is outside the track (0…0.0)")
  }
}
