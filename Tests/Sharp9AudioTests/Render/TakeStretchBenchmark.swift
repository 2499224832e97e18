import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Audio

/// Not a test: `scripts/bench-takes.sh` runs it with `SHARP9_BENCH=1`. A take listened back to at
/// another speed than it was played along at, through sharp9's take voice, against the same take
/// stretched offline by a peer: where each of its bursts lands against where the song's is
/// heard. The takes are `StretchedTakeTests`' (played along at 0.5×, and at 0.5× then 0.75×
/// from the song's 1.0 s); heard at 1×, 0.75× and 0.6× from A. It writes each take, the first
/// pass of sharp9's render, the expected burst centres and the peer's time map to
/// `SHARP9_BENCH_DIR` for the script, which stretches the takes with the peer and measures both
/// the same way.
@Suite struct TakeStretchBenchmark {
  static let environment = ProcessInfo.processInfo.environment

  @Test(.enabled(if: environment["SHARP9_BENCH"] == "1"))
  func takesHeardAtOtherSpeeds() throws {
    let directory = URL(
      fileURLWithPath: Self.environment["SHARP9_BENCH_DIR"] ?? "/tmp/sharp9-bench-takes")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let rate = Double(StretchedTakeTests.rate)
    let slow = SpeedAndPitch(speed: 0.5, pitchSemitones: 0)
    let steady = try StretchedTakeTests.songAndTake(playedSpeed: 0.5)
    let changing = try StretchedTakeTests.songAndChangingTake(changeSec: 1.0)
    let takes: [(name: String, song: URL, take: URL, recording: TakeRecording)] = [
      (
        "steady", steady.song, steady.take,
        TakeRecording(
          startFrame: 0, endFrame: Int64(steady.frames), pass: 1, input: "b",
          sha256: String(repeating: "1", count: 64), playedAt: slow)
      ),
      (
        "changing", changing.song, changing.take,
        TakeRecording(
          startFrame: 0, endFrame: Int64(changing.frames), pass: 1, input: "b",
          sha256: String(repeating: "2", count: 64), playedAt: slow,
          playedAtChanges: [
            PlayedAtChange(
              frame: Int64(changing.changeFrame),
              playedAt: SpeedAndPitch(speed: 0.75, pitchSemitones: 0))
          ])
      ),
    ]
    var cases = "case\ttake\theard\tduration\ttimemap\texpected\n"
    let play = Int(0.1 * rate)
    for (name, song, take, recording) in takes {
      try FileManager.default.copyItem(
        at: take, to: directory.appending(path: "\(name).wav"))
      for speed in [1.0, 0.75, 0.6] {
        let label = "\(name)-\(speed)"
        let passSec = (StretchedTakeTests.loop.b - StretchedTakeTests.loop.a) / speed
        let output = try StretchedTakeTests.render(
          song: song, take: take, recording: recording, speed: speed, balance: 1,
          seconds: passSec)
        // The first pass, from the play (the take's line starts there); the song is mono.
        let pass = Array(output[play...])
        try RenderFixture.write(
          directory.appending(path: "\(label)-sharp9.wav"), sampleRate: StretchedTakeTests.rate,
          frames: pass.count
        ) { frame, _ in pass[frame] }
        let expected = StretchedTakeTests.bursts(speed: speed, playFrame: 0, passes: 1)
        // The peer's key frames: each later part's first frame goes where the song's progress
        // reaches it at the speed heard (progress grows by the speed the part was played at).
        var progress = 0.0
        var keys: [String] = []
        var parts = [(Int64(0), recording.playedAt?.speed ?? 1)]
        parts += recording.playedAtChanges.map { ($0.frame, $0.playedAt.speed) }
        for (index, part) in parts.enumerated() {
          // Frame 0 is no key for the peer (a map holding it stretches nothing).
          if index > 0 { keys.append("\(part.0):\(Int((progress / speed).rounded()))") }
          let end = index + 1 < parts.count ? parts[index + 1].0 : recording.endFrame
          progress += Double(end - part.0) * part.1
        }
        let duration = progress / speed / rate
        cases += "\(label)\t\(name).wav\t\(speed)\t\(duration)\t\(keys.joined(separator: ","))\t"
        cases += expected.map { String($0) }.joined(separator: ",") + "\n"
      }
    }
    try cases.write(
      to: directory.appending(path: "cases.tsv"), atomically: true, encoding: .utf8)
  }
}
