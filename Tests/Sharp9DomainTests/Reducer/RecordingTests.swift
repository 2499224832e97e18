import Foundation
import Sharp9Domain
import Testing

@Suite("Reducer: arming recording, takes kept and deleted") struct RecordingTests {
  static let hash = String(repeating: "0123456789abcdef", count: 4)

  static func take(
    _ start: Int64, _ end: Int64, pass: Int? = 1, input: String = "pulse", sha256: String = hash,
    dropouts: Int = 0, latencyFrames: Int64 = 0, playedAt: SpeedAndPitch? = nil,
    changes: [(Int64, Double, Double)] = []
  ) -> TakeRecording {
    TakeRecording(
      startFrame: start, endFrame: end, pass: pass, input: input, sha256: sha256,
      dropouts: dropouts, latencyFrames: latencyFrames, playedAt: playedAt,
      playedAtChanges: changes.map {
        PlayedAtChange(frame: $0.0, playedAt: SpeedAndPitch(speed: $0.1, pitchSemitones: $0.2))
      })
  }

  static let slow = SpeedAndPitch(speed: 0.5, pitchSemitones: 0)

  @Test func armingAndStoppingToggleTheStateWithAToast() {
    var store = TestStore.loaded()
    store.send(.setRecordingArmed(true), at: 1) {
      $0.recording.isArmed = true
      $0.toast = TestStore.toast("Recording armed", at: 1)
    }
    store.send(.setRecordingArmed(true), at: 2)
    store.send(.setRecordingArmed(false), at: 3) {
      $0.recording.isArmed = false
      $0.toast = TestStore.toast("Recording stopped", at: 3)
    }
  }

  @Test func withoutATrackNothingIsArmedKeptOrDeleted() {
    var store = TestStore()
    store.send(.setRecordingArmed(true))
    store.send(.takeRecorded(Self.take(0, 44_100)))
    store.send(.deleteTake(id: TestStore.id(1)))
  }

  @Test func aReportedTakeIsKeptUnderTheActionsId() {
    var store = TestStore.loaded { $0.recording.isArmed = true }
    let first = Self.take(44_100, 220_500, pass: 1)
    let id = store.nextID
    store.send(.takeRecorded(first), at: 5) {
      $0.recording.takes = [Take(id: id, recording: first)]
      $0.toast = TestStore.toast("Take 1 kept", at: 5)
    }
    let second = Self.take(220_500, 396_900, pass: 2)
    let secondID = store.nextID
    store.send(.takeRecorded(second), at: 9) {
      $0.recording.takes.append(Take(id: secondID, recording: second))
      $0.toast = TestStore.toast("Take 2 kept", at: 9)
    }
    #expect(first.libraryName == "takes/\(Self.hash).flac")
  }

  /// A take during which the speed and pitch changed keeps each change, up to the limit.
  @Test func aTakeKeepsTheSpeedChangesMadeWhileItWasRecorded() {
    var store = TestStore.loaded { $0.recording.isArmed = true }
    let limit = PracticeRules.takePlayedAtChangeLimit
    let takes = [
      Self.take(0, 44_100, playedAt: Self.slow, changes: [(22_050, 0.55, 0), (33_000, 0.55, -2)]),
      Self.take(
        44_100, 94_100, playedAt: Self.slow,
        changes: (1...limit).map { (Int64($0) * 10, $0 % 2 == 0 ? 0.5 : 2, 12) }),
    ]
    for (index, take) in takes.enumerated() {
      let id = store.nextID
      store.send(.takeRecorded(take), at: Double(index)) {
        $0.recording.takes.append(Take(id: id, recording: take))
        $0.toast = TestStore.toast("Take \(index + 1) kept", at: Double(index))
      }
    }
  }

  /// A take recorded after the device dropped out is kept, and the toast says it may be off.
  @Test func aTakeAfterDropoutsIsKeptWithAWarning() {
    var store = TestStore.loaded { $0.recording.isArmed = true }
    let take = Self.take(0, 44_100, dropouts: 2, latencyFrames: 1_536)
    let id = store.nextID
    store.send(.takeRecorded(take), at: 2) {
      $0.recording.takes = [Take(id: id, recording: take)]
      $0.toast = TestStore.toast(
        "Take 1 kept, after 2 device dropouts: it may be out of time", at: 2)
    }
  }

  /// Whatever arrives (a script, a bundle, a broken engine): one toast, nothing else changes.
  @Test func aReportThatIsNotATakeGetsOneToastAndChangesNothing() {
    let bad: [(TakeRecording, String)] = [
      (Self.take(10, 10), "its frames are not a span (start 10, end 10)"),
      (Self.take(10, 5), "its frames are not a span (start 10, end 5)"),
      (Self.take(-1, 5), "its frames are not a span (start -1, end 5)"),
      (Self.take(0, 5, pass: 0), "pass 0 is not 1 to 100000"),
      (Self.take(0, 5, pass: -3), "pass -3 is not 1 to 100000"),
      (Self.take(0, 5, pass: Int.max), "pass \(Int.max) is not 1 to 100000"),
      (Self.take(0, 5, input: ""), "the input's name is empty or longer than 200 characters"),
      (
        Self.take(0, 5, input: String(repeating: "x", count: 201)),
        "the input's name is empty or longer than 200 characters"
      ),
      (Self.take(0, 5, sha256: "abc"), "its SHA-256 is not 64 lower-case hex digits"),
      (
        Self.take(0, 5, sha256: Self.hash.uppercased()),
        "its SHA-256 is not 64 lower-case hex digits"
      ),
      (
        Self.take(0, 5, sha256: "../../" + Self.hash.dropFirst(6)),
        "its SHA-256 is not 64 lower-case hex digits"
      ),
      (Self.take(0, 5, dropouts: -1), "its dropout count -1 is negative"),
      (Self.take(0, 5, latencyFrames: -1), "its latency of -1 frames is not 0 to 480000"),
      (
        Self.take(0, 5, latencyFrames: 480_001),
        "its latency of 480001 frames is not 0 to 480000"
      ),
      (
        Self.take(0, 5, playedAt: SpeedAndPitch(speed: 2.5, pitchSemitones: 0)),
        "its speed 2.50 x is not 0.25 x to 2.00 x"
      ),
      (
        Self.take(0, 5, playedAt: SpeedAndPitch(speed: .nan, pitchSemitones: 0)),
        "its speed -- is not 0.25 x to 2.00 x"
      ),
      (
        Self.take(0, 5, playedAt: SpeedAndPitch(speed: 1, pitchSemitones: -12.5)),
        "its pitch -12.50 st is not -12.00 st to +12.00 st"
      ),
      (
        Self.take(0, 5, playedAt: SpeedAndPitch(speed: 1, pitchSemitones: .infinity)),
        "its pitch -- is not -12.00 st to +12.00 st"
      ),
      (
        Self.take(0, 50, changes: [(10, 0.6, 0)]),
        "it has speed changes but no speed it began at"
      ),
      (
        Self.take(0, 50, playedAt: Self.slow, changes: [(0, 0.6, 0)]),
        "its speed change at frame 0 is not after frame 0 and inside the take"
      ),
      (
        Self.take(0, 50, playedAt: Self.slow, changes: [(20, 0.6, 0), (20, 0.7, 0)]),
        "its speed change at frame 20 is not after frame 20 and inside the take"
      ),
      (
        Self.take(0, 50, playedAt: Self.slow, changes: [(20, 0.6, 0), (10, 0.7, 0)]),
        "its speed change at frame 10 is not after frame 20 and inside the take"
      ),
      (
        Self.take(0, 50, playedAt: Self.slow, changes: [(50, 0.6, 0)]),
        "its speed change at frame 50 is not after frame 0 and inside the take"
      ),
      (
        Self.take(0, 50, playedAt: Self.slow, changes: [(10, 0.6, 0), (20, 0.6, 0)]),
        "its speed change at frame 20 changes nothing"
      ),
      (
        Self.take(0, 50, playedAt: Self.slow, changes: [(10, 0.5, 0)]),
        "its speed change at frame 10 changes nothing"
      ),
      (
        Self.take(0, 50, playedAt: Self.slow, changes: [(10, 0.1, 0)]),
        "its speed 0.10 x is not 0.25 x to 2.00 x"
      ),
      (
        Self.take(0, 50, playedAt: Self.slow, changes: [(10, 0.5, .nan)]),
        "its pitch -- is not -12.00 st to +12.00 st"
      ),
      (
        Self.take(
          0, 50_000, playedAt: Self.slow,
          changes: (1...257).map { (Int64($0), $0 % 2 == 0 ? 0.5 : 0.6, 0) }),
        "it has 257 speed changes (at most 256)"
      ),
    ]
    for (index, (take, problem)) in bad.enumerated() {
      var store = TestStore.loaded()
      let t = Double(index)
      store.send(.takeRecorded(take), at: t) {
        $0.toast = TestStore.toast("Take not kept: \(problem)", at: t)
      }
    }
  }

  @Test func deletingATakeRemovesOnlyIt() {
    let kept = [
      Take(id: TestStore.id(90), recording: Self.take(0, 100)),
      Take(id: TestStore.id(91), recording: Self.take(100, 200, pass: 2)),
    ]
    var store = TestStore.loaded { $0.recording.takes = kept }
    store.send(.deleteTake(id: TestStore.id(90)), at: 4) {
      $0.recording.takes = [kept[1]]
      $0.toast = TestStore.toast("Take deleted", at: 4)
    }
    store.send(.deleteTake(id: TestStore.id(90)), at: 5) {
      $0.toast = TestStore.toast("No take with that id", at: 5)
    }
  }

  /// Takes are not edits: undo after a take and a deletion undoes the edit before them.
  @Test func undoLeavesTakesAlone() {
    let step = EditStep(
      label: "Set A", loop: ValueChange(before: LoopPoints(), after: LoopPoints(aSec: 2)))
    var store = TestStore.loaded()
    store.send(
      .setA(timeSec: 2), at: 0, effects: [.engineSetLoop(aSec: 2, bSec: nil, enabled: false)]
    ) {
      $0.loop.aSec = 2
      $0.history.undo = [step]
    }
    let take = Self.take(0, 100)
    let id = store.nextID
    store.send(.takeRecorded(take), at: 1) {
      $0.recording.takes = [Take(id: id, recording: take)]
      $0.toast = TestStore.toast("Take 1 kept", at: 1)
    }
    store.send(.undo, at: 2, effects: [.engineSetLoop(aSec: nil, bSec: nil, enabled: false)]) {
      $0.loop.aSec = nil
      $0.history = EditHistory(redo: [step])
      $0.toast = TestStore.toast("Undo Set A", at: 2)
    }
  }

  @Test func whileLockedTheMusicianCannotArmOrDeleteButTakesAreStillKept() {
    let kept = Take(id: TestStore.id(90), recording: Self.take(0, 100))
    var store = TestStore.loaded {
      $0.isLocked = true
      $0.recording.takes = [kept]
    }
    store.send(.setRecordingArmed(true), at: 1)
    store.send(.deleteTake(id: kept.id), at: 2)
    let take = Self.take(100, 200)
    let id = store.nextID
    store.send(.takeRecorded(take), at: 3) {
      $0.recording.takes.append(Take(id: id, recording: take))
      $0.toast = TestStore.toast("Take 2 kept", at: 3)
    }
  }
}
