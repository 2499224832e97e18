import Foundation
import Sharp9Domain
import Testing

@Suite("Reducer: listening back to takes, A/B between passes, the balance") struct ListeningTests {
  static let takes = [
    Take(id: TestStore.id(90), recording: RecordingTests.take(0, 100, pass: 1)),
    Take(id: TestStore.id(91), recording: RecordingTests.take(100, 200, pass: 2)),
    Take(id: TestStore.id(92), recording: RecordingTests.take(300, 400, pass: nil)),
  ]

  static func withTakes() -> TestStore {
    TestStore.loaded { $0.recording.takes = takes }
  }

  static func mix(_ take: Int?, _ balance: Double = 0) -> Effect {
    .engineSetTakeMix(take: take.map { takes[$0].recording }, balance: balance)
  }

  @Test func listeningToATakeAndBackToTheSong() {
    var store = Self.withTakes()
    store.send(.listenToTake(id: Self.takes[1].id), at: 1, effects: [Self.mix(1)]) {
      $0.recording.listening.takeID = Self.takes[1].id
      $0.toast = TestStore.toast("Listening to take 2 of 3 (pass 2)", at: 1)
    }
    // The same take again changes nothing and tells the engine nothing.
    store.send(.listenToTake(id: Self.takes[1].id), at: 2)
    store.send(.listenToSong, at: 3, effects: [Self.mix(nil)]) {
      $0.recording.listening.takeID = nil
      $0.toast = TestStore.toast("Listening to the song", at: 3)
    }
    store.send(.listenToSong, at: 4)
  }

  /// A/B between passes: another take while one is heard replaces it, the balance kept; a take
  /// of the loop off says no pass.
  @Test func choosingAnotherTakeKeepsTheBalance() {
    var store = Self.withTakes()
    store.send(.setTakeBalance(0.5), at: 1, effects: [Self.mix(nil, 0.5)]) {
      $0.recording.listening.balance = 0.5
      $0.toast = TestStore.toast("Balance: song 50 %, take 100 %", at: 1)
    }
    store.send(.listenToTake(id: Self.takes[0].id), at: 2, effects: [Self.mix(0, 0.5)]) {
      $0.recording.listening.takeID = Self.takes[0].id
      $0.toast = TestStore.toast("Listening to take 1 of 3 (pass 1)", at: 2)
    }
    store.send(.listenToTake(id: Self.takes[2].id), at: 3, effects: [Self.mix(2, 0.5)]) {
      $0.recording.listening.takeID = Self.takes[2].id
      $0.toast = TestStore.toast("Listening to take 3 of 3", at: 3)
    }
  }

  @Test func anUnknownTakeGetsAToastAndChangesNothingElse() {
    var store = Self.withTakes()
    store.send(.listenToTake(id: TestStore.id(99)), at: 1) {
      $0.toast = TestStore.toast("No take with that id", at: 1)
    }
  }

  /// The balance is kept within −1…1; a number that is not finite, or the same balance, does
  /// nothing.
  @Test func theBalanceIsClampedAndNonFiniteIgnored() {
    var store = Self.withTakes()
    store.send(.setTakeBalance(3), at: 1, effects: [Self.mix(nil, 1)]) {
      $0.recording.listening.balance = 1
      $0.toast = TestStore.toast("Balance: song 0 %, take 100 %", at: 1)
    }
    store.send(.setTakeBalance(1.25), at: 2)
    store.send(.setTakeBalance(-0.25), at: 3, effects: [Self.mix(nil, -0.25)]) {
      $0.recording.listening.balance = -0.25
      $0.toast = TestStore.toast("Balance: song 100 %, take 75 %", at: 3)
    }
    store.send(.setTakeBalance(-.infinity), at: 4)
    store.send(.setTakeBalance(.nan), at: 5)
    store.send(.setTakeBalance(-7), at: 6, effects: [Self.mix(nil, -1)]) {
      $0.recording.listening.balance = -1
      $0.toast = TestStore.toast("Balance: song 100 %, take 0 %", at: 6)
    }
  }

  @Test func theLevelsOfABalance() {
    #expect(TakeListening.levels(balance: 0) == (1, 1))
    #expect(TakeListening.levels(balance: -1) == (1, 0))
    #expect(TakeListening.levels(balance: 1) == (0, 1))
    #expect(TakeListening.levels(balance: 0.25) == (0.75, 1))
    #expect(TakeListening.levels(balance: -0.5) == (1, 0.5))
    #expect(TakeListening.levels(balance: 9) == (0, 1))
  }

  /// Deleting the take being heard goes on with the take after it (the one before when it was
  /// the last, the song alone when none is left); deleting another leaves what is heard.
  @Test func deletingTheHeardTakeMovesToTheNext() {
    var store = Self.withTakes()
    store.send(.listenToTake(id: Self.takes[1].id), at: 1, effects: [Self.mix(1)]) {
      $0.recording.listening.takeID = Self.takes[1].id
      $0.toast = TestStore.toast("Listening to take 2 of 3 (pass 2)", at: 1)
    }
    store.send(.deleteTake(id: Self.takes[0].id), at: 2) {
      $0.recording.takes = [Self.takes[1], Self.takes[2]]
      $0.toast = TestStore.toast("Take deleted", at: 2)
    }
    store.send(.deleteTake(id: Self.takes[1].id), at: 3, effects: [Self.mix(2)]) {
      $0.recording.takes = [Self.takes[2]]
      $0.recording.listening.takeID = Self.takes[2].id
      $0.toast = TestStore.toast("Take deleted", at: 3)
    }
    store.send(.deleteTake(id: Self.takes[2].id), at: 4, effects: [Self.mix(nil)]) {
      $0.recording.takes = []
      $0.recording.listening.takeID = nil
      $0.toast = TestStore.toast("Take deleted", at: 4)
    }
  }

  @Test func deletingTheLastTakeWhileHearingItGoesBackOne() {
    var store = TestStore.loaded {
      $0.recording.takes = Self.takes
      $0.recording.listening = TakeListening(takeID: Self.takes[2].id, balance: 0.75)
    }
    store.send(.deleteTake(id: Self.takes[2].id), at: 1, effects: [Self.mix(1, 0.75)]) {
      $0.recording.takes = [Self.takes[0], Self.takes[1]]
      $0.recording.listening.takeID = Self.takes[1].id
      $0.toast = TestStore.toast("Take deleted", at: 1)
    }
  }

  @Test func withoutATrackNothingIsHeard() {
    var store = TestStore()
    store.send(.listenToTake(id: TestStore.id(90)))
    store.send(.listenToSong)
    store.send(.setTakeBalance(0.5))
  }

  @Test func whileLockedNothingChanges() {
    var store = TestStore.loaded {
      $0.isLocked = true
      $0.recording.takes = Self.takes
    }
    store.send(.listenToTake(id: Self.takes[0].id), at: 1)
    store.send(.setTakeBalance(1), at: 2)
  }

  /// Listening is not an edit: undo after it undoes the edit before.
  @Test func listeningIsNotUndone() {
    let step = EditStep(
      label: "Set A", loop: ValueChange(before: LoopPoints(), after: LoopPoints(aSec: 2)))
    var store = Self.withTakes()
    store.send(
      .setA(timeSec: 2), at: 0, effects: [.engineSetLoop(aSec: 2, bSec: nil, enabled: false)]
    ) {
      $0.loop.aSec = 2
      $0.history.undo = [step]
    }
    store.send(.listenToTake(id: Self.takes[0].id), at: 1, effects: [Self.mix(0)]) {
      $0.recording.listening.takeID = Self.takes[0].id
      $0.toast = TestStore.toast("Listening to take 1 of 3 (pass 1)", at: 1)
    }
    store.send(.undo, at: 2, effects: [.engineSetLoop(aSec: nil, bSec: nil, enabled: false)]) {
      $0.loop.aSec = nil
      $0.history = EditHistory(redo: [step])
      $0.toast = TestStore.toast("Undo Set A", at: 2)
    }
  }

  /// The state's JSON leaves out listening at its default (older sessions keep their hashes)
  /// and writes it, with no take as `null`, otherwise; both forms decode back.
  @Test func theStatesJSONCarriesListeningOnlyWhenSet() throws {
    var state = State(track: TrackMeta(name: "a.wav", durationSec: 30))
    state.recording.takes = Self.takes
    let plain = try String(decoding: Interchange.encoder().encode(state), as: UTF8.self)
    #expect(!plain.contains("listening"))
    state.recording.listening = TakeListening(takeID: nil, balance: -0.5)
    let set = try String(decoding: Interchange.encoder().encode(state), as: UTF8.self)
    #expect(set.contains(#""listening":{"balance":-0.5,"takeID":null}"#))
    #expect(try Interchange.decoder().decode(State.self, from: Data(set.utf8)) == state)
  }
}
