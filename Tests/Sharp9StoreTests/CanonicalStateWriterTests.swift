import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Store

/// The fast canonical writer must produce exactly the interchange encoder's bytes: state hashes
/// recorded before it existed must still verify.
@Suite struct CanonicalStateWriterTests {
  let codec = StateCodec()

  /// Every state of seeded random sessions (with undo and redo mixed in, so histories fill up).
  @Test(arguments: [UInt64(5), 6, 7])
  func matchesTheEncoderOnRandomSessions(seed: UInt64) throws {
    let session = UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, UInt8(seed)))
    var random = SplitMix64(seed: seed)
    var state = State()
    let startedAt = Date(timeIntervalSince1970: 1_767_225_600.125)
    for (index, event) in RandomSession.actions(count: 600, seed: seed, session: session)
      .enumerated()
    {
      let roll = Int.random(in: 0..<10, using: &random)
      let action = roll == 0 ? Action.undo : roll == 1 ? .redo : event.action
      let context = ActionContext(
        session: session, startedAt: startedAt, sequence: Int64(index + 1), t: event.t)
      _ = Reducer.reduce(into: &state, action: action, context: context)
      let fast = try #require(CanonicalStateWriter.bytes(of: state))
      #expect(Data(fast) == (try codec.encoderCanonicalJSON(state)), "after event \(index + 1)")
      #expect(try codec.snapshot(state) == (try codec.encoderSnapshot(state)), "at \(index + 1)")
      try expectCheckpointMatches(state)
    }
  }

  /// Numbers `description` writes unusually (negative zero, exponents, integral values), quotes
  /// and backslashes in strings.
  @Test func matchesTheEncoderOnEdgeValues() throws {
    let id = UUID(uuid: (0xAB, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0xFE))
    let marker = Marker(id: id, timeSec: 1e-7)
    let loop = LoopPoints(aSec: -0.0, bSec: 1e20, enabled: true)
    let step = EditStep(
      label: "Set \"A\" \\ /", loop: ValueChange(before: LoopPoints(), after: loop),
      speed: ValueChange(before: 1, after: 0.75), pitch: ValueChange(before: -12, after: 1e-300),
      markersAdded: [MarkerEdit(marker: marker, index: 3)],
      markersRemoved: [MarkerEdit(marker: marker, index: 0)])
    let state = State(
      track: TrackMeta(name: "a \"b\" \\c/d.wav", durationSec: 123_456_789.5),
      transport: Transport(
        isPlaying: true, currentTimeSec: 0.1 + 0.2, speed: 2, pitchSemitones: -0.01),
      loop: loop, mode: .setB, markers: [marker, Marker(id: id, timeSec: 5e15)],
      viewport: Viewport(startSec: -1.5, endSec: 1.0e16), isLoading: true,
      toast: ToastState(message: "Speed 1.00 x", expiresAt: Date(timeIntervalSince1970: 2.0005)),
      isLocked: true, lastMarkNowAt: Date(timeIntervalSinceReferenceDate: -0.5),
      history: EditHistory(undo: [step, EditStep(label: "Loop On")], redo: [step]))
    let fast = try #require(CanonicalStateWriter.bytes(of: state))
    #expect(Data(fast) == (try codec.encoderCanonicalJSON(state)))
    let snapshot = try #require(CanonicalStateWriter.bytes(of: state, dates: .referenceSeconds))
    #expect(Data(snapshot) == (try codec.encoderSnapshot(state)))
    #expect(try codec.canonicalJSON(State()) == (try codec.encoderCanonicalJSON(State())))
    try expectCheckpointMatches(state)
  }

  /// A checkpoint's one-pass snapshot and hash are the separate calls' bytes.
  private func expectCheckpointMatches(_ state: State) throws {
    let checkpoint = try codec.checkpoint(state)
    #expect(Data(checkpoint.snapshot) == (try codec.snapshot(state)))
    #expect(checkpoint.hash == (try codec.hash(state)))
  }

  /// Strings it does not escape itself, and non-finite numbers, go to the encoder.
  @Test func fallsBackWhereTheEncoderDecides() throws {
    let controls = State(track: TrackMeta(name: "tab\there", durationSec: 1))
    #expect(CanonicalStateWriter.bytes(of: controls) == nil)
    #expect(try codec.canonicalJSON(controls) == (try codec.encoderCanonicalJSON(controls)))
    let accented = State(track: TrackMeta(name: "Café.wav", durationSec: 1))
    #expect(CanonicalStateWriter.bytes(of: accented) == nil)
    #expect(try codec.hash(accented).count == 32)
    try expectCheckpointMatches(accented)
    let infinite = State(viewport: Viewport(startSec: 0, endSec: .infinity))
    #expect(CanonicalStateWriter.bytes(of: infinite) == nil)
    #expect(throws: (any Error).self) { try codec.hash(infinite) }
  }
}
