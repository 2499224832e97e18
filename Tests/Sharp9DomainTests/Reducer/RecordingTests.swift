import Foundation
import Sharp9Domain
import Testing

@Suite("Reducer: arming recording, takes kept and deleted") struct RecordingTests {
  static let hash = String(repeating: "0123456789abcdef", count: 4)

  static func take(
    _ start: Int64, _ end: Int64, pass: Int? = 1, input: String = "pulse", sha256: String = hash,
    dropouts: Int = 0, latencyFrames: Int64 = 0, playedAt: SpeedAndPitch? = nil
  ) -> TakeRecording {
    TakeRecording(
      startFrame: start, endFrame: end, pass: pass, input: input, sha256: sha256,
      dropouts: dropouts, latencyFrames: latencyFrames, playedAt: playedAt)
  }

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
