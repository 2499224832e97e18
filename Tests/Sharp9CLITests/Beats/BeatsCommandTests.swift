import Foundation
import Testing

/// `sharp9 beats` end to end: complete stdout, stderr and exit status.
@Suite struct BeatsCommandTests {
  let scratch: TemporaryDirectory
  var directory: URL { scratch.url }

  init() throws {
    scratch = try TemporaryDirectory()
    try WaveFile.write(
      directory.appending(path: "clicks.wav"), sampleRate: Self.rate,
      samples: Self.clicks(bpm: 120, seconds: 20))
    try WaveFile.write(
      directory.appending(path: "silence.wav"), sampleRate: Self.rate,
      samples: [Int16](repeating: 0, count: 4 * Self.rate))
  }

  static let rate = 22050

  /// A click track: a 6 ms decaying 1.5 kHz blip on every beat from 0.25 s, 2 kHz and louder on
  /// every fourth from the second (the first beat is a pickup).
  static func clicks(bpm: Double, seconds: Double) -> [Int16] {
    var samples = [Double](repeating: 0, count: Int(seconds * Double(rate)))
    var beat = 0
    while 0.25 + Double(beat) * 60 / bpm < seconds - 0.1 {
      let start = Int((0.25 + Double(beat) * 60 / bpm) * Double(rate))
      let accent = beat % 4 == 1
      for index in 0..<Int(0.03 * Double(rate)) where start + index < samples.count {
        let time = Double(index) / Double(rate)
        samples[start + index] +=
          (accent ? 0.5 : 0.3) * exp(-time / 0.006) * sin(2 * .pi * (accent ? 2000 : 1500) * time)
      }
      beat += 1
    }
    return samples.map { Int16(($0 * 32767).rounded()) }
  }

  func run(_ arguments: String...) throws -> CLI.Result {
    try CLI.run(arguments, directory: directory)
  }

  @Test func textListsTheTempoAndTheFirstBars() throws {
    #expect(
      try run("beats", "clicks.wav")
        == CLI.Result(
          status: 0,
          stdout: """
            clicks.wav: 00:20.00, 1 ch, 22050 Hz, WAV (Microsoft), Signed 16 bit PCM
            120.00 BPM (median beat interval), 40 beats, 10 bars of 4/4
               bar  beats
            pickup  00:00.23
                 1  00:00.73  00:01.23  00:01.73  00:02.23
                 2  00:02.73  00:03.23  00:03.73  00:04.23
                 3  00:04.73  00:05.23  00:05.73  00:06.23
                 4  00:06.73  00:07.23  00:07.73  00:08.23
                 5  00:08.73  00:09.23  00:09.73  00:10.23
                 6  00:10.73  00:11.23  00:11.73  00:12.23
                 7  00:12.73  00:13.23  00:13.73  00:14.23
            3 more bars; --json lists every beat

            """, stderr: ""))
  }

  @Test func jsonListsEveryBeatInSeconds() throws {
    #expect(
      try run("beats", "clicks.wav", "--json")
        == CLI.Result(
          status: 0,
          stdout: """
            {"tempo":119.999,"beats":[0.24,0.739,1.239,1.739,2.239,2.739,3.24,3.74,4.24,4.739,\
            5.239,5.739,6.239,6.738,7.239,7.74,8.24,8.739,9.24,9.739,10.239,10.738,11.239,11.739,\
            12.24,12.739,13.24,13.74,14.239,14.738,15.239,15.739,16.239,16.739,17.24,17.74,18.24,\
            18.739,19.239,19.739],"downbeats":[0.739,2.739,4.739,6.738,8.739,10.738,12.739,14.738,\
            16.739,18.739]}

            """, stderr: ""))
  }

  @Test func silenceHasNoBeatAndIsNoError() throws {
    #expect(
      try run("beats", "silence.wav")
        == CLI.Result(
          status: 0,
          stdout: """
            silence.wav: 00:04.00, 1 ch, 22050 Hz, WAV (Microsoft), Signed 16 bit PCM
            no beat found: the file is silent, holds one sound, or its onsets are not regular

            """, stderr: ""))
    #expect(
      try run("beats", "silence.wav", "--json")
        == CLI.Result(
          status: 0, stdout: #"{"tempo":null,"beats":[],"downbeats":[]}"# + "\n", stderr: ""))
  }

  @Test func help() throws {
    #expect(
      try run("beats", "--help")
        == CLI.Result(
          status: 0,
          stdout: """
            OVERVIEW: Print the tempo, the beats and the downbeats (bar starts) of an audio
            file.

            The tempo may drift (the beats follow it); it is 60 over the median time
            between beats, within 40-220 BPM. Bars are assumed to be 4/4. A file with no
            detectable beat (silence, a held tone, noise) is not an error: it has no tempo
            and no beats. The same file always gives the same grid. Reads WAV, AIFF, FLAC,
            Ogg Vorbis, Opus, MP3 and the other formats libsndfile supports.

            USAGE: sharp9 beats <file> [--json]

            ARGUMENTS:
              <file>                  The audio file.

            OPTIONS:
              --json                  Print JSON {"tempo": BPM or null, "beats": [seconds],
                                      "downbeats": [seconds]}, every number rounded to 3
                                      decimals (milliseconds), instead of the first bars as
                                      text.
              --version               Show the version.
              -h, --help              Show help information.


            """, stderr: ""))
  }
}
