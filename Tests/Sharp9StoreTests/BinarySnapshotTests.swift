import CustomDump
import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Store

/// The binary snapshot: lossless on random and unusual states, JSON snapshots of earlier versions
/// still read, and damaged snapshots refused (then skipped by `state(at:)`), never a crash.
@Suite struct BinarySnapshotTests {
  let codec = StateCodec()

  // Seeds whose sessions reach a state with both a redo and a toast (checked below): the random
  // actions' stream changes with every new kind of action (21 no longer did after tags 60–61, 23
  // after tags 62–65).
  @Test(arguments: [UInt64(22), 24, 25, 26])
  func roundTripsRandomStatesFieldForField(seed: UInt64) throws {
    let states = RandomStates.states(count: 500, seed: seed)
    for (index, state) in states.enumerated() {
      let bytes = try codec.snapshot(state)
      #expect(bytes.first == BinaryStateSnapshot.formatTag)
      // `State`'s `==` compares every field; the diff (slow: JSON) names them, on a sample.
      let decoded = try codec.state(fromSnapshot: bytes)
      #expect(decoded == state, "after event \(index + 1)")
      if index % 100 == 99 { #expect(try StateDiff.changes(from: state, to: decoded) == []) }
    }
    #expect(states.contains { !$0.history.redo.isEmpty && $0.toast != nil })
  }

  /// Exact bit patterns, including values JSON cannot hold (NaN, infinities) and non-ASCII text.
  @Test func keepsEveryBitOfUnusualValues() throws {
    var state = RandomStates.edgeValues(label: "Café ♪\n\"x\"", name: "tab\there")
    expectNoDifference(try codec.state(fromSnapshot: try codec.snapshot(state)), state)
    state.transport.currentTimeSec = .nan
    state.viewport.endSec = -.infinity
    state.lastMarkNowAt = Date(timeIntervalSinceReferenceDate: .leastNonzeroMagnitude)
    let bytes = try codec.snapshot(state)
    let decoded = try codec.state(fromSnapshot: bytes)
    #expect(try codec.snapshot(decoded) == bytes)
    #expect(decoded.transport.currentTimeSec.isNaN)
    #expect(decoded.lastMarkNowAt == state.lastMarkNowAt)
  }

  /// Snapshots written before the binary format (JSON, by `JSONEncoder`) still decode.
  @Test func decodesJSONSnapshotsOfEarlierVersions() throws {
    let states = RandomStates.states(count: 300, seed: 24).enumerated()
      .filter { $0.offset % 7 == 0 }.map(\.element)
    for state in states + [RandomStates.edgeValues(label: "L", name: "n")] {
      let legacy = try codec.losslessJSON(state)
      #expect(legacy.first == UInt8(ascii: "{"))
      expectNoDifference(try codec.state(fromSnapshot: legacy), state)
    }
    // As the first sharp9 wrote it (before isLocked, lastMarkNowAt and history existed).
    let first = Data(
      """
      {"isLoading":false,"loop":{"aSec":1.5,"bSec":null,"enabled":false},"markers":[],\
      "mode":"loop","toast":{"expiresAt":800000000.25,"message":"A set"},"track":null,\
      "transport":{"currentTimeSec":3,"isPlaying":true,"pitchSemitones":0,"speed":0.5},\
      "viewport":{"endSec":0,"startSec":0}}
      """.utf8)
    let expected = State(
      transport: Transport(isPlaying: true, currentTimeSec: 3, speed: 0.5),
      loop: LoopPoints(aSec: 1.5),
      toast: ToastState(
        message: "A set", expiresAt: Date(timeIntervalSinceReferenceDate: 800_000_000.25)))
    expectNoDifference(try codec.state(fromSnapshot: first), expected)
  }

  /// Every truncation, every single-byte change and unknown versions are refused or decode to
  /// some state; none crashes or reserves absurd memory.
  @Test func refusesDamagedSnapshots() throws {
    let snapshots = try RandomStates.states(count: 400, seed: 25).map { try codec.snapshot($0) }
    let bytes = [UInt8](try #require(snapshots.max { $0.count < $1.count }))
    #expect(bytes.count > 200)
    for length in 0..<bytes.count {
      #expect(throws: (any Error).self) { try codec.state(fromSnapshot: Data(bytes[..<length])) }
    }
    #expect(throws: (any Error).self) { try codec.state(fromSnapshot: Data(bytes + [0])) }
    var newer = bytes
    newer[1] = BinaryStateSnapshot.layoutVersion + 1
    #expect(throws: (any Error).self) { try codec.state(fromSnapshot: Data(newer)) }
    #expect(throws: (any Error).self) { try codec.state(fromSnapshot: Data([0x01, 0x02])) }
    var random = SplitMix64(seed: 26)
    for index in 0..<bytes.count {
      var damaged = bytes
      damaged[index] ^= UInt8.random(in: 1...255, using: &random)
      _ = try? codec.state(fromSnapshot: Data(damaged))
    }
    // An empty state: tag, version, no track, transport (1 + 3 × 8), loop (two absent values and
    // the switch), mode; then the marker count, here set to 2^60.
    var huge = [UInt8](try codec.snapshot(State()))
    let countOffset = 2 + 1 + 25 + 3 + 1
    #expect(huge[countOffset..<countOffset + 8].allSatisfy { $0 == 0 })
    huge.replaceSubrange(countOffset..<countOffset + 8, with: [0, 0, 0, 0, 0, 0, 0, 0x10])
    #expect(throws: ActionCodec.DecodingError.invalidValue("element count \(UInt64(1) << 60)")) {
      try huge.withUnsafeBytes { raw throws(ActionCodec.DecodingError) in
        try BinaryStateSnapshot.decode(raw)
      }
    }
  }

  /// `state(at:)` skips a truncated snapshot and one of an unknown layout for an older one (here
  /// a JSON snapshot of the earlier format), and starts from scratch when the four nearest are
  /// all unusable; the result always equals folding from the first event.
  @Test(arguments: StoreKind.allCases)
  func stateAtSkipsDamagedSnapshots(kind: StoreKind) throws {
    let fixture = try StoreFixture(kind, interval: 16)
    let session = try fixture.newSession()
    let actions = RandomSession.actions(count: 100, seed: 27, session: session.id)
    let recorded = try fixture.record(actions, into: session)
    let scratch = foldsFromScratch(actions, session: recorded)
    let database = fixture.store.database
    try database.execute("UPDATE checkpoints SET state = substr(state, 1, 40) WHERE seq = 96")
    try database.execute("UPDATE checkpoints SET state = X'B50700' WHERE seq = 80")
    let legacy = try database.prepare("UPDATE checkpoints SET state = ? WHERE seq = 64")
    try legacy.bind(Array(try codec.losslessJSON(scratch[64])), at: 1)
    try legacy.run()
    for point in [64, 70, 80, 81, 96, 97, 99, 100] {
      expectNoDifference(try fixture.store.state(of: recorded, at: Int64(point)), scratch[point])
    }
    try database.execute("UPDATE checkpoints SET state = X'' WHERE seq IN (48, 64)")
    for point in [48, 64, 99] {
      expectNoDifference(try fixture.store.state(of: recorded, at: Int64(point)), scratch[point])
    }
  }
}

/// Snapshots written before saved loops (layout 1), before the rhythm (layout 2) and before
/// section names (layout 3), before the recording (layout 4), before listening back (layout
/// 5), before the takes' speed and pitch (layout 6) and before their changes (layout 7) existed
/// still decode: checkpoints of older sessions stay usable for `state --at`.
@Suite struct BinarySnapshotLayoutOneTests {
  @Test func olderLayoutsDecode() throws {
    var state = State(track: TrackMeta(name: "a.wav", durationSec: 30))
    state.markers.append(
      Marker(id: UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)), timeSec: 3))
    state.loop = LoopPoints(aSec: 1, bSec: 2, enabled: true)
    // Layout 4 of a state without edits, saved loops, loop practice or rhythm is layout 1 plus
    // the saved-loop count (layout 2) plus two "absent" bytes of loop practice and the default
    // rhythm's bytes (layout 3) plus the marker's "no name" byte (layout 4), which follows the
    // header (2), the track (1 + 4 + 5 + 8), the transport (25), the loop (19), the mode (1), the
    // marker count (8), and the marker's id and time (24). Layout 5 adds, at the end, the
    // recording: one "armed" byte and the take count. Layout 6 adds what is listened to: the
    // "no take" byte and the balance (0.0, eight zero bytes). Layout 7 adds each take's speed
    // and pitch, layout 8 their changes: nothing without takes.
    var current = BinaryStateSnapshot.encode(state)
    #expect(current[1] == 8)
    current[1] = 7
    #expect(try decode(current) == state, "layout 7")
    current[1] = 6
    #expect(try decode(current) == state, "layout 6")
    #expect(current.suffix(9).allSatisfy { $0 == 0 })
    current.removeLast(9)
    current[1] = 5
    #expect(try decode(current) == state, "layout 5")
    #expect(current.suffix(9).allSatisfy { $0 == 0 })
    current.removeLast(9)
    current[1] = 4
    #expect(try decode(current) == state, "layout 4")
    let nameFlag = 2 + 18 + 25 + 19 + 1 + 8 + 24
    #expect(current[nameFlag] == 0)
    current.remove(at: nameFlag)
    current[1] = 3
    #expect(try decode(current) == state, "layout 3")
    let layoutThree = Self.defaultRhythmBytes + 2
    for (layout, cut) in [(UInt8(2), layoutThree), (1, layoutThree + 8)] {
      var bytes = current
      #expect(bytes.suffix(cut).dropLast(Self.defaultRhythmBytes).allSatisfy { $0 == 0 })
      bytes.removeLast(cut)
      bytes[1] = layout
      #expect(try decode(bytes) == state, "layout \(layout)")
    }
  }

  @Test func theRecordingRoundTrips() throws {
    var state = State(track: TrackMeta(name: "a.wav", durationSec: 30))
    state.recording = Recording(
      isArmed: true,
      takes: [
        Take(
          id: UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)),
          recording: TakeRecording(
            startFrame: 44_100, endFrame: 88_200, pass: 3, input: "pulse",
            sha256: String(repeating: "0f", count: 32))),
        Take(
          id: UUID(uuid: (9, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)),
          recording: TakeRecording(
            startFrame: 0, endFrame: 1, pass: nil, input: "USB Audio",
            sha256: String(repeating: "a1", count: 32),
            playedAt: SpeedAndPitch(speed: 0.55, pitchSemitones: -2.5),
            playedAtChanges: [
              PlayedAtChange(frame: 1, playedAt: SpeedAndPitch(speed: 0.6, pitchSemitones: -2.5))
            ])),
      ])
    #expect(try decode(BinaryStateSnapshot.encode(state)) == state)
    // Layout 7 (before the changes) is layout 8 less the two takes' change counts at the end.
    var layoutSeven = BinaryStateSnapshot.encode(state)
    layoutSeven.removeLast(8 + 8 + 24)
    layoutSeven[1] = 7
    var unchanged = state
    unchanged.recording.takes[1].recording.playedAtChanges = []
    #expect(try decode(layoutSeven) == unchanged, "layout 7")
    state.recording.listening = TakeListening(takeID: state.recording.takes[1].id, balance: -0.75)
    #expect(try decode(BinaryStateSnapshot.encode(state)) == state)
    state.recording.listening = TakeListening(takeID: nil, balance: 1)
    #expect(try decode(BinaryStateSnapshot.encode(state)) == state)
  }

  /// Named markers (sections) keep their names, in the state and in the edits that hold them.
  @Test func sectionNamesRoundTrip() throws {
    var state = State(track: TrackMeta(name: "a.wav", durationSec: 30))
    let context = ActionContext(now: Date(timeIntervalSince1970: 0), newID: UUID())
    _ = Reducer.reduce(
      into: &state, action: .nameSection(timeSec: 3, name: "Chorus ♪"), context: context)
    state.markers.append(Marker(id: UUID(), timeSec: 5))
    #expect(state.history.undo.count == 1)
    #expect(try decode(BinaryStateSnapshot.encode(state)) == state)
  }

  @Test func loopPracticeRoundTrips() throws {
    var state = State(track: TrackMeta(name: "a.wav", durationSec: 30))
    for practice in [
      LoopPractice(passLimit: 4),
      LoopPractice(
        trainer: SpeedTrainer(
          startSpeed: 0.6, step: 0.05, everyPasses: 2, targetSpeed: 1, onStop: .hold)),
      LoopPractice(
        passLimit: 99,
        trainer: SpeedTrainer(
          startSpeed: 1, step: -0.1, everyPasses: 1, targetSpeed: 0.5, onStop: .reset)),
    ] {
      state.loopPractice = practice
      #expect(try decode(BinaryStateSnapshot.encode(state)) == state)
    }
  }

  private func decode(_ bytes: [UInt8]) throws -> State {
    try bytes.withUnsafeBytes { raw throws(ActionCodec.DecodingError) in
      try BinaryStateSnapshot.decode(raw)
    }
  }

  /// No grid, no tempo, anchor and shift, no taps, the clicks (a flag, the level, the count-in
  /// and its flag) and the snap.
  static let defaultRhythmBytes = 1 + 1 + 8 + 8 + 8 + 1 + 8 + 8 + 1 + 1

  @Test func theRhythmAndGridEditsRoundTrip() throws {
    var state = State(track: TrackMeta(name: "a.wav", durationSec: 30))
    state.rhythm = Rhythm(
      detected: BeatGrid(tempo: 120, beats: [0.5, 1, 1.5], downbeats: [0.5]),
      edit: GridEdit(tempo: 93.5, anchorSec: 0.25, shiftSec: -0.01),
      taps: [Date(timeIntervalSinceReferenceDate: 800_000_000.125)],
      clicks: Clicks(metronomeOn: true, level: 0.3, countInBeats: 8, countInEveryPass: true),
      snap: .bars)
    state.history.undo = [
      EditStep(
        label: "Set Tempo", grid: ValueChange(before: GridEdit(), after: state.rhythm.edit))
    ]
    #expect(try decode(BinaryStateSnapshot.encode(state)) == state)
  }

  @Test func savedLoopsAndTheirEditsRoundTrip() throws {
    var state = State(track: TrackMeta(name: "a.wav", durationSec: 30))
    state.savedLoops = [SavedLoop(name: "verse — 1", aSec: 1, bSec: 2)]
    state.history.undo = [
      EditStep(label: "Save Loop", savedLoops: ValueChange(before: [], after: state.savedLoops))
    ]
    let bytes = BinaryStateSnapshot.encode(state)
    let decoded = try bytes.withUnsafeBytes { raw throws(ActionCodec.DecodingError) in
      try BinaryStateSnapshot.decode(raw)
    }
    #expect(decoded == state)
  }
}
