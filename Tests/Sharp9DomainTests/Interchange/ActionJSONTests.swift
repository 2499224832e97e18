import Foundation
import Sharp9Domain
import Testing

@Suite("JSON interchange: actions and effects") struct ActionJSONTests {
  /// The golden text of every action type (one case per kind; the test below checks coverage).
  static let actionGoldens: [String] = [
    #"{"type":"onAppear"}"#,
    #"{"type":"importPicked","url":"/music/My Etude.wav"}"#,
    #"{"type":"importPicked","url":"takes/etude.flac"}"#,
    #"{"type":"importPicked","url":"https://example.com/a%20b.mp3"}"#,
    #"{"type":"importSucceeded","track":{"name":"etude.wav","durationSec":93.5}}"#,
    #"{"type":"importFailed","message":"unsupported \"format\""}"#,
    #"{"type":"setMode","mode":"setB"}"#,
    #"{"type":"tapWaveform","timeSec":12.25}"#,
    #"{"type":"dragScrub","timeSec":0.1}"#,
    #"{"type":"togglePlay"}"#,
    #"{"type":"tick","currentTimeSec":1e-07}"#,
    #"{"type":"speedDelta","delta":-0.05}"#,
    #"{"type":"pitchDelta","delta":1}"#,
    #"{"type":"addMarker","timeSec":3}"#,
    #"{"type":"deleteMarker","id":"01020304-0506-0708-090A-0B0C0D0E0F10"}"#,
    #"{"type":"toggleLoopEnabled","enabled":true}"#,
    #"{"type":"setA","timeSec":1.25}"#,
    #"{"type":"setB","timeSec":180}"#,
    #"{"type":"clearToastIfExpired"}"#,
    #"{"type":"clearToastIfExpired","now":"2026-11-21T19:00:02.500Z"}"#,
    #"{"type":"skip","seconds":-5}"#,
    #"{"type":"abCycle"}"#,
    #"{"type":"cycleSpeed"}"#,
    #"{"type":"markNow"}"#,
    #"{"type":"setLocked","locked":false}"#,
    #"{"type":"seekToStart"}"#,
    #"{"type":"seekToEnd"}"#,
    #"{"type":"undo"}"#,
    #"{"type":"redo"}"#,
    #"{"type":"setSpeed","speed":0.73}"#,
    #"{"type":"setPitch","semitones":-0.32}"#,
    #"{"type":"nudgeA","seconds":-0.01}"#,
    #"{"type":"nudgeB","seconds":0.01}"#,
    #"{"type":"saveLoop","name":"solo bar 5"}"#,
    #"{"type":"recallLoop","number":2}"#,
    #"{"type":"renameSavedLoop","number":1,"name":"bridge"}"#,
    #"{"type":"deleteSavedLoop","number":3}"#,
    #"{"type":"savedLoopsRestored","loops":[{"name":"verse","aSec":1.5,"bSec":4}]}"#,
    #"{"type":"setLoopPasses","passes":4}"#,
    #"{"type":"setLoopPasses","passes":null}"#,
    #"{"type":"setSpeedTrainer","trainer":{"startSpeed":0.6,"step":0.05,"everyPasses":2,"targetSpeed":1,"onStop":"reset"}}"#,
    #"{"type":"setSpeedTrainer","trainer":null}"#,
    #"{"type":"loopPassesCompleted","wallSec":12.5}"#,
    #"{"type":"trainerStepped","speed":0.65,"wallSec":8.25}"#,
    #"{"type":"playedToEnd","wallSec":240.5}"#,
    #"{"type":"beatGridDetected","grid":{"tempo":120,"beats":[0.5,1,1.5],"downbeats":[0.5]}}"#,
    #"{"type":"beatGridDetected","grid":{"tempo":null,"beats":[],"downbeats":[]}}"#,
    #"{"type":"tapTempo"}"#,
    #"{"type":"setTempo","bpm":96.5}"#,
    #"{"type":"shiftGrid","seconds":-0.01}"#,
    #"{"type":"setMetronome","enabled":true,"level":0.5}"#,
    #"{"type":"setCountIn","beats":4,"everyPass":false}"#,
    #"{"type":"nudgeABeats","beats":-1}"#,
    #"{"type":"nudgeBBeats","beats":2}"#,
    #"{"type":"setSnap","snap":"bars"}"#,
    #"{"type":"setRecordingArmed","armed":true}"#,
    #"{"type":"takeRecorded","take":{"startFrame":44100,"endFrame":220500,"pass":2,"input":"pulse","sha256":"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef","dropouts":0,"latencyFrames":1536}}"#,
    #"{"type":"takeRecorded","take":{"startFrame":0,"endFrame":1,"pass":null,"input":"USB Audio","sha256":"ff","dropouts":2,"latencyFrames":0}}"#,
    #"{"type":"takeRecorded","take":{"startFrame":0,"endFrame":9,"pass":1,"input":"pulse","sha256":"ff","dropouts":0,"latencyFrames":0,"speed":0.6,"pitchSemitones":-2}}"#,
    #"{"type":"deleteTake","id":"01020304-0506-0708-090A-0B0C0D0E0F10"}"#,
    #"{"type":"listenToTake","id":"01020304-0506-0708-090A-0B0C0D0E0F10"}"#,
    #"{"type":"listenToSong"}"#,
    #"{"type":"setTakeBalance","balance":-0.25}"#,
    #"{"type":"nameSection","timeSec":12.5,"name":"Solo ♪"}"#,
    #"{"type":"sectionsRestored","sections":[{"name":"Verse","timeSec":0}]}"#,
    #"{"type":"loopSection","number":2}"#,
    #"{"type":"overviewTapped","timeSec":42.5}"#,
    #"{"type":"songSettingsRestored","settings":{"markers":[1.5,30],"speed":0.75,"pitchSemitones":-2}}"#,
  ]

  static let effectGoldens: [String] = [
    #"{"type":"engineLoad","url":"/music/etude.wav"}"#,
    #"{"type":"enginePlay"}"#,
    #"{"type":"enginePause"}"#,
    #"{"type":"engineSeek","timeSec":3}"#,
    #"{"type":"engineSetRate","rate":0.75}"#,
    #"{"type":"engineSetPitchSemitones","semitones":-3}"#,
    #"{"type":"engineSetLoop","aSec":1.5,"bSec":null,"enabled":false}"#,
    #"{"type":"engineSetLoop","aSec":1.5,"bSec":4,"enabled":true}"#,
    #"{"type":"computePeaks"}"#,
    #"{"type":"engineSetLoopPractice","practice":{"passLimit":3,"trainer":null}}"#,
    #"{"type":"engineSetBeatGrid","grid":{"tempo":120,"beats":[0.5,1],"downbeats":[0.5]}}"#,
    #"{"type":"engineSetBeatGrid","grid":null}"#,
    #"{"type":"engineSetClicks","metronomeLevel":0.5,"countInLevel":0.5,"countInBeats":4,"countInEveryPass":true,"beatSec":0.5}"#,
    #"{"type":"engineSetTakeMix","take":{"startFrame":0,"endFrame":1,"pass":3,"input":"pulse","sha256":"ff","dropouts":0,"latencyFrames":0},"balance":0.5}"#,
    #"{"type":"engineSetTakeMix","take":null,"balance":0}"#,
  ]

  @Test(arguments: actionGoldens) func actionRoundTrips(golden: String) throws {
    let action = try Interchange.decoder().decode(Action.self, from: Data(golden.utf8))
    #expect(try Interchange.string(action) == golden)
  }

  @Test(arguments: effectGoldens) func effectRoundTrips(golden: String) throws {
    let effect = try Interchange.decoder().decode(Effect.self, from: Data(golden.utf8))
    #expect(try Interchange.string(effect) == golden)
  }

  @Test func goldensCoverEveryType() throws {
    let actionKinds = try Set(
      Self.actionGoldens.map {
        try Interchange.decoder().decode(Action.self, from: Data($0.utf8)).kind
      })
    #expect(actionKinds == Set(Action.Kind.allCases))
    let effectKinds = try Set(
      Self.effectGoldens.map {
        try Interchange.decoder().decode(Effect.self, from: Data($0.utf8)).kind
      })
    #expect(effectKinds == Set(Effect.Kind.allCases))
  }

  @Test(arguments: actionGoldens) func fieldNamesMatchWhatIsWritten(golden: String) throws {
    let action = try Interchange.decoder().decode(Action.self, from: Data(golden.utf8))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(golden.utf8)) as? [String: Any])
    let written = Set(object.keys).subtracting(["type"])
    #expect(written.isSubset(of: Set(action.kind.fieldNames)))
    if action != .clearToastIfExpired(now: nil) {
      #expect(written == Set(action.kind.fieldNames))
    }
  }

  @Test func decodedValuesAreTheIntendedOnes() throws {
    func decode(_ text: String) throws -> Action {
      try Interchange.decoder().decode(Action.self, from: Data(text.utf8))
    }
    guard case .importPicked(let url) = try decode(Self.actionGoldens[1]) else {
      Issue.record("not importPicked")
      return
    }
    #expect(Action.interchangeString(url) == "/music/My Etude.wav")
    #expect(url.path(percentEncoded: false) == "/music/My Etude.wav")
    #expect(try decode(Self.actionGoldens[16]) == .setA(timeSec: 1.25))
    #expect(
      try decode(Self.actionGoldens[19])
        == .clearToastIfExpired(now: Date(timeIntervalSince1970: 1_795_287_602.5)))
  }

  /// A take's speed and pitch come together: one without the other is not a take.
  @Test func aTakesSpeedWithoutItsPitchDoesNotDecode() {
    for field in [#""speed":0.6"#, #""pitchSemitones":2"#] {
      let text =
        #"{"type":"takeRecorded","take":{"startFrame":0,"endFrame":9,"pass":1,"input":"p","#
        + #""sha256":"ff","dropouts":0,"latencyFrames":0,"# + field + "}}"
      #expect(throws: DecodingError.self, "\(field)") {
        try Interchange.decoder().decode(Action.self, from: Data(text.utf8))
      }
    }
  }

  /// A take's speed changes are written only when there are any, each as `frame`, `speed` and
  /// `pitchSemitones`, and read back the same; one without its pitch does not decode.
  @Test func aTakesSpeedChangesRoundTrip() throws {
    let take = TakeRecording(
      startFrame: 0, endFrame: 90_000, pass: 1, input: "p", sha256: "ff",
      playedAt: SpeedAndPitch(speed: 0.5, pitchSemitones: 0),
      playedAtChanges: [
        PlayedAtChange(frame: 44_100, playedAt: SpeedAndPitch(speed: 0.55, pitchSemitones: -1))
      ])
    let text = try Interchange.string(Action.takeRecorded(take))
    #expect(
      text.contains(
        #""playedAtChanges":[{"frame":44100,"speed":0.55,"pitchSemitones":-1}]"#), "\(text)")
    #expect(
      try Interchange.decoder().decode(Action.self, from: Data(text.utf8)) == .takeRecorded(take))
    var unchanged = take
    unchanged.playedAtChanges = []
    #expect(!(try Interchange.string(Action.takeRecorded(unchanged))).contains("playedAtChanges"))
    let noPitch = text.replacingOccurrences(of: #","pitchSemitones":-1}"#, with: "}")
    #expect(throws: DecodingError.self) {
      try Interchange.decoder().decode(Action.self, from: Data(noPitch.utf8))
    }
  }

  @Test func nonFiniteNumbersAreNotWritten() {
    #expect(throws: EncodingError.self) { try Interchange.string(Action.setA(timeSec: .nan)) }
    #expect(throws: EncodingError.self) {
      try Interchange.string(Effect.engineSeek(timeSec: -.infinity))
    }
  }
}
