import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Store

@Suite struct ActionCodecTests {
  static let everyCase: [Action] = [
    .onAppear, .importPicked(url: URL(fileURLWithPath: "/music/a b.wav")),
    .importPicked(url: URL(string: "https://example.com/x.mp3") ?? URL(fileURLWithPath: "/")),
    .importPicked(
      url: Action.url(fromInterchange: "relative/take 2.wav") ?? URL(fileURLWithPath: "/")),
    .importSucceeded(track: TrackMeta(name: "Señor — take 2", durationSec: 183.25)),
    .importFailed(message: "Unable to open file"), .setMode(.marker), .setMode(.setA),
    .setMode(.loop), .setMode(.setB), .tapWaveform(timeSec: 0.1), .dragScrub(timeSec: 1e-300),
    .togglePlay, .tick(currentTimeSec: 12.345678901234567), .speedDelta(-0.05), .pitchDelta(1),
    .addMarker(timeSec: 3),
    .deleteMarker(id: UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))),
    .toggleLoopEnabled(true), .toggleLoopEnabled(false), .setA(timeSec: 1.25),
    .setB(timeSec: 2.5), .clearToastIfExpired(now: nil),
    .clearToastIfExpired(now: Date(timeIntervalSinceReferenceDate: 785_000_000.123456789)),
    .skip(seconds: -5), .abCycle, .cycleSpeed, .markNow, .setLocked(true), .setLocked(false),
    .seekToStart, .seekToEnd, .undo, .redo, .setSpeed(0.73), .setPitch(semitones: -0.32),
    .nudgeA(seconds: -0.01), .nudgeB(seconds: 0.01), .saveLoop(name: "solo — bar 5"),
    .saveLoop(name: ""), .recallLoop(number: 2), .recallLoop(number: Int.min),
    .renameSavedLoop(number: 1, name: "bridge"), .deleteSavedLoop(number: Int.max),
    .savedLoopsRestored([]),
    .savedLoopsRestored([
      SavedLoop(name: "a", aSec: 1, bSec: 2), SavedLoop(name: "", aSec: -1, bSec: 1e300),
    ]),
    .setLoopPasses(4), .setLoopPasses(nil), .setLoopPasses(Int.min),
    .setSpeedTrainer(
      SpeedTrainer(startSpeed: 0.6, step: 0.05, everyPasses: 2, targetSpeed: 1, onStop: .reset)),
    .setSpeedTrainer(
      SpeedTrainer(
        startSpeed: -0.0, step: .nan, everyPasses: Int.max, targetSpeed: 1e300, onStop: .hold)),
    .setSpeedTrainer(nil), .loopPassesCompleted(wallSec: 12.5),
    .trainerStepped(speed: 0.65, wallSec: 8.25),
    .playedToEnd(wallSec: 240.5),
    .beatGridDetected(BeatGrid(tempo: 121.5, beats: [0.25, 0.75, 1.25], downbeats: [0.25])),
    .beatGridDetected(.none), .tapTempo, .setTempo(bpm: 96.25), .shiftGrid(seconds: -0.01),
    .setMetronome(enabled: true, level: 0.35), .setMetronome(enabled: false, level: 1),
    .setCountIn(beats: 4, everyPass: true), .setCountIn(beats: Int.min, everyPass: false),
    .nudgeABeats(-1), .nudgeBBeats(Int.max), .setSnap(.off), .setSnap(.beats), .setSnap(.bars),
    .setRecordingArmed(true), .setRecordingArmed(false),
    .takeRecorded(
      TakeRecording(
        startFrame: 44_100, endFrame: 220_500, pass: 2, input: "pulse",
        sha256: String(repeating: "ab", count: 32))),
    .takeRecorded(
      TakeRecording(startFrame: Int64.min, endFrame: -1, pass: nil, input: "", sha256: "x")),
    .takeRecorded(
      TakeRecording(
        startFrame: 0, endFrame: 9, pass: 1, input: "pulse", sha256: "y",
        playedAt: SpeedAndPitch(speed: 0.55, pitchSemitones: -2.5))),
    .takeRecorded(
      TakeRecording(
        startFrame: 0, endFrame: 9, pass: 1, input: "pulse", sha256: "y",
        playedAt: SpeedAndPitch(speed: .infinity, pitchSemitones: -1e300))),
    .takeRecorded(
      TakeRecording(
        startFrame: 0, endFrame: 90_000, pass: 1, input: "pulse", sha256: "y",
        playedAt: SpeedAndPitch(speed: 0.55, pitchSemitones: 0),
        playedAtChanges: [
          PlayedAtChange(frame: 22_050, playedAt: SpeedAndPitch(speed: 0.6, pitchSemitones: 0)),
          PlayedAtChange(frame: -4, playedAt: SpeedAndPitch(speed: 3, pitchSemitones: 1e300)),
        ])),
    .deleteTake(id: UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))),
    .listenToTake(id: UUID(uuid: (9, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))),
    .listenToSong, .setTakeBalance(-0.25), .setTakeBalance(1), .setTakeBalance(-1e300),
    .nameSection(timeSec: 12.5, name: "Solo ♪"), .nameSection(timeSec: -1, name: ""),
    .sectionsRestored([]),
    .sectionsRestored([SongSection(name: "Verse", timeSec: 0), SongSection(name: "", timeSec: 3)]),
    .loopSection(number: 2), .loopSection(number: Int.min),
    .songSettingsRestored(SongSettings(markers: [], speed: 1, pitchSemitones: 0)),
    .overviewTapped(timeSec: 42.5),
    .songSettingsRestored(
      SongSettings(markers: [0.5, -1, 1e300], speed: 0.73, pitchSemitones: -3)),
  ]

  @Test func everyCaseRoundTripsExactly() throws {
    for action in Self.everyCase {
      let decoded = try ActionCodec.decode(ActionCodec.encode(action))
      // NaN is never equal to itself: compare the bytes of what was decoded instead.
      #expect(ActionCodec.encode(decoded) == ActionCodec.encode(action))
      if case .setSpeedTrainer(let trainer) = action, trainer?.step.isNaN == true { continue }
      #expect(decoded == action)
    }
    let kinds = Set(Self.everyCase.map(\.kind))
    #expect(kinds == Set(Action.Kind.allCases), "a new Action case needs a tag and a test here")
  }

  @Test func encodingIsCompactAndStable() {
    #expect(ActionCodec.encode(.togglePlay) == [8])
    #expect(ActionCodec.encode(.tick(currentTimeSec: 1)) == [9, 0, 0, 0, 0, 0, 0, 0xF0, 0x3F])
    #expect(ActionCodec.encode(.setLocked(true)) == [22, 1])
    #expect(ActionCodec.encode(.setMode(.setB)) == [5, 3])
    #expect(ActionCodec.encode(.setSpeed(1)) == [27, 0, 0, 0, 0, 0, 0, 0xF0, 0x3F])
    #expect(ActionCodec.encode(.nudgeB(seconds: 1)).first == 30)
    #expect(ActionCodec.encode(.tapTempo) == [37])
    #expect(ActionCodec.encode(.setSnap(.bars)) == [44, 2])
    #expect(ActionCodec.encode(.setRecordingArmed(true)) == [52, 1])
    #expect(ActionCodec.encode(.deleteTake(id: UUID())).first == 54)
    // 62 is playedToEnd (on main since this branch began).
    #expect(ActionCodec.encode(.listenToTake(id: UUID())).first == 63)
    #expect(ActionCodec.encode(.listenToTake(id: UUID())).count == 17)
    #expect(ActionCodec.encode(.listenToSong) == [64])
    #expect(ActionCodec.encode(.setTakeBalance(1)) == [65, 0, 0, 0, 0, 0, 0, 0xF0, 0x3F])
    let take = TakeRecording(
      startFrame: 1, endFrame: 2, pass: nil, input: "i", sha256: "h", dropouts: 3,
      latencyFrames: 0x600)
    #expect(
      ActionCodec.encode(.takeRecorded(take)) == [
        53, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0,
      ]
        + [0, 1, 0, 0, 0, 0x69, 1, 0, 0, 0, 0x68]
        + [3, 0, 0, 0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0])
    // A take with its speed and pitch: tag 66, the same fields, then present, 0.5 and 2.0.
    var paced = take
    paced.playedAt = SpeedAndPitch(speed: 0.5, pitchSemitones: 2)
    #expect(
      ActionCodec.encode(.takeRecorded(paced))
        == [66] + ActionCodec.encode(.takeRecorded(take)).dropFirst()
        + [1, 0, 0, 0, 0, 0, 0, 0xE0, 0x3F, 0, 0, 0, 0, 0, 0, 0, 0x40])
    // With changes made while it was recorded: tag 67, as 66, then the count and each change's
    // frame, speed and pitch.
    var changed = paced
    changed.playedAtChanges = [
      PlayedAtChange(frame: 1, playedAt: SpeedAndPitch(speed: 1, pitchSemitones: 0))
    ]
    let count: [UInt8] = [1, 0, 0, 0, 0, 0, 0, 0]
    let frame: [UInt8] = [1, 0, 0, 0, 0, 0, 0, 0]
    let speedAndPitch: [UInt8] = [0, 0, 0, 0, 0, 0, 0xF0, 0x3F, 0, 0, 0, 0, 0, 0, 0, 0]
    let pacedTail = Array(ActionCodec.encode(.takeRecorded(paced)).dropFirst())
    let expected: [UInt8] = [67] + pacedTail + count + frame + speedAndPitch
    #expect(ActionCodec.encode(.takeRecorded(changed)) == expected)
    // A count beyond the bytes left is damage, not an allocation.
    var huge = ActionCodec.encode(.takeRecorded(changed))
    huge.replaceSubrange(
      (huge.count - 32)..<(huge.count - 24), with: [0, 0, 0, 0, 0, 0, 0, 0x10])
    #expect(throws: ActionCodec.DecodingError.invalidValue("speed change count")) {
      try ActionCodec.decode(huge)
    }
  }

  @Test func badBytesAreRejected() {
    #expect(throws: ActionCodec.DecodingError.unknownTag(200)) { try ActionCodec.decode([200]) }
    #expect(throws: ActionCodec.DecodingError.truncated) { try ActionCodec.decode([9, 0, 0]) }
    #expect(throws: ActionCodec.DecodingError.truncated) { try ActionCodec.decode([]) }
    #expect(throws: ActionCodec.DecodingError.trailingBytes) { try ActionCodec.decode([8, 0]) }
    #expect(throws: ActionCodec.DecodingError.invalidValue("boolean byte 7")) {
      try ActionCodec.decode([22, 7])
    }
    let trainer = ActionCodec.encode(
      .setSpeedTrainer(
        SpeedTrainer(startSpeed: 0.6, step: 0.05, everyPasses: 2, targetSpeed: 1, onStop: .hold)))
    #expect(throws: ActionCodec.DecodingError.invalidValue("trainer stop byte 9")) {
      try ActionCodec.decode(trainer.dropLast() + [9])
    }
    #expect(throws: ActionCodec.DecodingError.truncated) {
      try ActionCodec.decode(Array(trainer.dropLast(3)))
    }
  }
}
