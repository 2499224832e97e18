import Foundation
import Sharp9Domain
import Sharp9Words
import Testing

@Suite("take labels")
struct TakeLabelTests {
  static func take(
    pass: Int?, frames: Int64, dropouts: Int, playedAt: SpeedAndPitch? = nil
  ) -> Take {
    Take(
      id: ActionContext.derivedID(session: UUID(), sequence: 1),
      recording: TakeRecording(
        startFrame: 44_100, endFrame: 44_100 + frames, pass: pass, input: "mic", sha256: "ab",
        dropouts: dropouts, playedAt: playedAt))
  }

  @Test("a take says its pass, its length and whether the device dropped out")
  func labels() {
    let label = { (take: Take) in
      PracticeStatusText.takeLabel(take, number: 3, sampleRate: 44_100)
    }
    #expect(label(Self.take(pass: 3, frames: 185_220, dropouts: 0)) == "Take 3 · pass 3 · 4.2 s")
    #expect(
      label(Self.take(pass: nil, frames: 44_100, dropouts: 1))
        == "Take 3 · loop off · 1.0 s · 1 dropout")
    #expect(
      label(Self.take(pass: 1, frames: 22_050, dropouts: 4))
        == "Take 3 · pass 1 · 0.5 s · 4 dropouts")
  }

  @Test("a take says the speed and pitch it was played along at, unless 1 x and 0 st")
  func playedAt() {
    let label = { (speed: Double, pitch: Double) in
      PracticeStatusText.takeLabel(
        Self.take(
          pass: 2, frames: 44_100, dropouts: 1,
          playedAt: SpeedAndPitch(speed: speed, pitchSemitones: pitch)),
        number: 1, sampleRate: 44_100)
    }
    #expect(label(0.6, 0) == "Take 1 · pass 2 · 1.0 s · played at 0.60 x · 1 dropout")
    #expect(label(1, -2) == "Take 1 · pass 2 · 1.0 s · played at 1.00 x, -2.00 st · 1 dropout")
    #expect(label(1, 0) == "Take 1 · pass 2 · 1.0 s · 1 dropout")
  }

  @Test("a take whose speed or pitch changed while it was recorded says their range")
  func playedAtChanges() {
    let label = { (first: SpeedAndPitch, changes: [SpeedAndPitch]) in
      var take = Self.take(pass: 2, frames: 44_100, dropouts: 0, playedAt: first)
      take.recording.playedAtChanges = changes.enumerated().map {
        PlayedAtChange(frame: Int64($0.offset + 1) * 1_000, playedAt: $0.element)
      }
      return PracticeStatusText.takeLabel(take, number: 1, sampleRate: 44_100)
    }
    let at = { (speed: Double, pitch: Double) in SpeedAndPitch(speed: speed, pitchSemitones: pitch)
    }
    #expect(
      label(at(0.6, 0), [at(0.7, 0), at(0.65, 0)])
        == "Take 1 · pass 2 · 1.0 s · played at 0.60 x to 0.70 x")
    #expect(
      label(at(0.6, 0), [at(0.6, -2)])
        == "Take 1 · pass 2 · 1.0 s · played at 0.60 x, -2.00 st to 0.00 st")
    #expect(
      label(at(1, 0), [at(0.9, 0), at(1, 0)])
        == "Take 1 · pass 2 · 1.0 s · played at 0.90 x to 1.00 x")
  }

  @Test("the listening line says the speed and pitch the heard take was played along at")
  func listeningLine() {
    var slow = Self.take(pass: 3, frames: 44_100, dropouts: 0)
    slow.recording.playedAt = SpeedAndPitch(speed: 0.6, pitchSemitones: 0)
    let full = Self.take(pass: 4, frames: 44_100, dropouts: 0)
    var recording = Recording(takes: [slow, full])
    recording.listening = TakeListening(takeID: slow.id, balance: 0.25)
    #expect(
      PracticeStatusText.listening(recording)
        == "takes 2 · hearing take 1 (pass 3) · played at 0.60 x · song 75 %, take 100 %")
    recording.listening.takeID = full.id
    #expect(
      PracticeStatusText.listening(recording)
        == "takes 2 · hearing take 2 (pass 4) · song 75 %, take 100 %")
  }
}
