import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Audio

/// Not a test: `scripts/bench-takes.sh` runs it with `SHARP9_BENCH=1`. A take listened back to at
/// another speed than it was played along at, through sharp9's take voice, against the same take
/// stretched offline by a peer: where each of its bursts lands against where the song's is
/// heard. The takes are `StretchedTakeTests`' (played along at 0.5×, and at 0.5× then 0.75×
/// from the song's 1.0 s); heard at 1×, 0.75× and 0.6× from A. And a take of plucked notes
/// (``PluckedTake``, played along at 0.5× and +2 st), heard at other speeds and pitches, against
/// its ideal: where each note's attack lands and at what pitch. It writes each take, the first
/// pass of sharp9's render, the expected burst centres or notes, the ideal, the pitch shift and
/// the peer's time map to `SHARP9_BENCH_DIR` for the script, which stretches the takes with the
/// peer and measures both the same way.
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
    var cases = "case\ttake\tspeed\tpitch\tshift\tduration\ttimemap\texpected\tideal\n"
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
        cases += "\(label)\t\(name).wav\t\(speed)\t0\t0\t\(duration)\t"
        cases += keys.joined(separator: ",") + "\t"
        cases += expected.map { String($0) }.joined(separator: ",") + "\t\n"
      }
    }
    cases += try plucked(into: directory, song: steady.song, play: play)
    try cases.write(
      to: directory.appending(path: "cases.tsv"), atomically: true, encoding: .utf8)
  }

  /// The plucked take's cases: heard faster and lower, at another speed, slower at its own
  /// pitch, and at its own speed higher (a pitch change alone).
  func plucked(into directory: URL, song: URL, play: Int) throws -> String {
    let rate = StretchedTakeTests.rate
    let loop = StretchedTakeTests.loop
    let played = PluckedTake.playedSpeed
    let takeFrames = Int(((loop.b - loop.a) / played * Double(rate)).rounded())
    let take = directory.appending(path: "plucked.wav")
    let samples = PluckedTake.heard(
      speed: played, pitch: PluckedTake.playedPitch, frames: takeFrames)
    try RenderFixture.write(take, sampleRate: rate, frames: takeFrames) { frame, _ in
      samples[frame]
    }
    let recording = TakeRecording(
      startFrame: 0, endFrame: Int64(takeFrames), pass: 1, input: "b",
      sha256: String(repeating: "3", count: 64),
      playedAt: SpeedAndPitch(speed: played, pitchSemitones: PluckedTake.playedPitch))
    var cases = ""
    for (speed, pitch) in [(1.0, 0.0), (0.75, 0.0), (0.6, 2.0), (0.5, 5.0)] {
      let label = "plucked-\(speed)-\(pitch)"
      let passSec = (loop.b - loop.a) / speed
      let output = try StretchedTakeTests.render(
        song: song, take: take, recording: recording, speed: speed, pitch: pitch, balance: 1,
        seconds: passSec)
      let pass = Array(output[play...])
      try RenderFixture.write(
        directory.appending(path: "\(label)-sharp9.wav"), sampleRate: rate, frames: pass.count
      ) { frame, _ in pass[frame] }
      let ideal = PluckedTake.heard(speed: speed, pitch: pitch, frames: pass.count)
      try RenderFixture.write(
        directory.appending(path: "\(label)-ideal.wav"), sampleRate: rate, frames: ideal.count
      ) { frame, _ in ideal[frame] }
      let onsets = PluckedTake.onsets(speed: speed).map { String($0) }
      cases += "\(label)\tplucked.wav\t\(speed)\t\(pitch)\t\(pitch - PluckedTake.playedPitch)"
      cases += "\t\(Double(takeFrames) * played / speed / Double(rate))\t\t"
      cases += onsets.joined(separator: ",") + "\t\(label)-ideal.wav\n"
    }
    return cases
  }
}
