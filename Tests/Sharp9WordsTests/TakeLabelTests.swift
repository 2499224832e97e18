import Foundation
import Sharp9Domain
import Sharp9Words
import Testing

@Suite("take labels")
struct TakeLabelTests {
  static func take(pass: Int?, frames: Int64, dropouts: Int) -> Take {
    Take(
      id: ActionContext.derivedID(session: UUID(), sequence: 1),
      recording: TakeRecording(
        startFrame: 44_100, endFrame: 44_100 + frames, pass: pass, input: "mic", sha256: "ab",
        dropouts: dropouts))
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
}
