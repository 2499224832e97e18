import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Audio

/// The beat tracker on tracks whose beats are known: the tempo within 1 %, beats and downbeats
/// with an F-measure of at least 0.95 at ±70 ms (issue 23), and no beat where there is none.
@Suite struct BeatTrackerTests {
  let scratch: ScratchDirectory

  init() throws { scratch = try ScratchDirectory() }

  /// Constant tempi across 60–200 BPM, drifting ±3 %, syncopated, piano-like. The syncopated
  /// pattern's off-beats are nearly as strong as its beats: at 85–100 BPM it may be read at
  /// twice the tempo (docs/benchmarks/beats.md, "Octave ambiguity"), so it is tested above that.
  static let tracks: [SyntheticTrack] = [
    SyntheticTrack(bpm: 60, pattern: .clicks),
    SyntheticTrack(bpm: 90, pattern: .rock),
    SyntheticTrack(bpm: 120, pattern: .rock),
    SyntheticTrack(bpm: 160, pattern: .rock),
    SyntheticTrack(bpm: 200, pattern: .clicks),
    SyntheticTrack(bpm: 128, pattern: .syncopated),
    SyntheticTrack(bpm: 75, pattern: .piano),
    SyntheticTrack(bpm: 110, pattern: .rock, drift: 0.03, seconds: 20),
    SyntheticTrack(bpm: 140, pattern: .clicks, drift: 0.03, seconds: 20),
    SyntheticTrack(bpm: 112, pattern: .syncopated, drift: 0.03, seconds: 20),
  ]

  /// `samples` (mono) written as a 16-bit WAV; the URL.
  func wav(
    _ samples: [Float], name: String = "track.wav", sampleRate: Int = SyntheticTrack.sampleRate
  ) throws -> URL {
    let url = scratch.file(name)
    try AudioIO.write(
      samples, to: url, container: .wav, sample: .pcm16, sampleRate: sampleRate, channels: 1)
    return url
  }

  @Test(arguments: tracks) func findsTheTempoBeatsAndBars(_ track: SyntheticTrack) async throws {
    let grid = try await BeatTracker().beatGrid(url: try wav(track.render()))
    let reference = track.beats
    let trueTempo = 60 / BeatAnalysis.medianInterval(reference)
    let tempo = try #require(grid.tempo)
    #expect(abs(tempo / trueTempo - 1) <= 0.01, "tempo \(tempo), true \(trueTempo)")
    #expect(beatFMeasure(grid.beats, reference) >= 0.95, "beats \(grid.beats)")
    #expect(beatFMeasure(grid.downbeats, track.downbeats) >= 0.95, "downbeats \(grid.downbeats)")
  }

  @Test func silenceAHeldToneAndNoiseHaveNoBeat() async throws {
    let rate = Double(SyntheticTrack.sampleRate)
    let count = Int(8 * rate)
    let tone = (0..<count).map { Float(0.5 * sin(2 * Double.pi * 440 * Double($0) / rate)) }
    let signals: [(String, [Float])] = [
      ("silence", [Float](repeating: 0, count: count)),
      ("tone", tone),
      ("noise", TestSignal.noise(count: count, seed: 7).map { $0 * 0.3 }),
      ("short", [Float](repeating: 0.5, count: 10)),
      ("empty", []),
    ]
    for (name, samples) in signals {
      let grid = try await BeatTracker().beatGrid(url: try wav(samples, name: name + ".wav"))
      #expect(grid == .none, "\(name): \(grid)")
    }
  }

  /// A float file with NaN, infinite and huge samples among its clicks still analyses: they count
  /// as silence or as ±1000, and the clicks' beat is found.
  @Test func damagedFloatSamplesDoNotStopTheAnalysis() async throws {
    var samples = SyntheticTrack(bpm: 120, pattern: .clicks).render()
    for (index, value) in [Float.nan, .infinity, -.infinity, 1e30, -1e30].enumerated() {
      samples[1000 + 7919 * index] = value
    }
    let url = scratch.file("damaged.wav")
    try AudioIO.write(
      samples, to: url, container: .wav, sample: .float, sampleRate: SyntheticTrack.sampleRate,
      channels: 1)
    let grid = try await BeatTracker().beatGrid(url: url)
    let tempo = try #require(grid.tempo)
    #expect(abs(tempo - 120) < 1.2)
  }

  /// Rates too low for some or all of the mel bands (down to 10 Hz: no band at all) analyse
  /// without trapping.
  @Test func veryLowSampleRatesHaveNoBeat() async throws {
    for rate in [10, 100, 1000] {
      let noise = TestSignal.noise(count: 20 * rate, seed: 5)
      let grid = try await BeatTracker().beatGrid(
        url: try wav(noise, name: "rate-\(rate).wav", sampleRate: rate))
      #expect(grid == .none, "\(rate) Hz: \(grid)")
    }
  }

  /// Same samples, same grid, bit for bit: the file read twice, and the decoded audio in memory,
  /// give JSON with the same hash (FNV-1a, 64 bits).
  @Test func sameSamplesGiveTheSameGridBitForBit() async throws {
    let track = SyntheticTrack(bpm: 100, pattern: .rock, drift: 0.03)
    let mono = track.render()
    let stereo = mono.flatMap { [$0, 0.8 * $0] }
    let url = scratch.file("stereo.wav")
    try AudioIO.write(
      stereo, to: url, container: .wav, sample: .float, sampleRate: 44100, channels: 2)
    func hash(_ grid: BeatGrid) throws -> UInt64 {
      try Interchange.string(grid).utf8.reduce(0xcbf2_9ce4_8422_2325) {
        ($0 ^ UInt64($1)) &* 0x100_0000_01b3
      }
    }
    let first = try await BeatTracker().beatGrid(url: url)
    let second = try await BeatTracker().beatGrid(url: url)
    let fromMemory = try DecodedAudio(url: url).beatGrid()
    #expect(first.tempo != nil)
    #expect(try hash(second) == hash(first))
    #expect(try hash(fromMemory) == hash(first))
  }

  @Test func encodesTempoBeatsDownbeatsWithNullForNoBeat() throws {
    #expect(
      try Interchange.string(BeatGrid(tempo: 120.5, beats: [0.5, 1], downbeats: [0.5]))
        == #"{"tempo":120.5,"beats":[0.5,1],"downbeats":[0.5]}"#)
    #expect(try Interchange.string(BeatGrid.none) == #"{"tempo":null,"beats":[],"downbeats":[]}"#)
    let decoded = try Interchange.decoder().decode(
      BeatGrid.self, from: Data(#"{"tempo":null,"beats":[],"downbeats":[]}"#.utf8))
    #expect(decoded == .none)
  }
}

/// The decimating mixdown gives the same samples however the stream is cut.
@Suite struct MonoMixdownTests {
  @Test func chunkingDoesNotChangeTheMix() {
    let interleaved = TestSignal.noise(count: 3 * 1001, seed: 3)
    func mix(chunk: Int) -> [Float] {
      var mixdown = MonoMixdown(sampleRate: 48000, channels: 3)
      var output: [Float] = []
      interleaved.withUnsafeBufferPointer { all in
        var frame = 0
        while frame < 1001 {
          let frames = min(chunk, 1001 - frame)
          let slice = UnsafeBufferPointer(rebasing: all[(frame * 3)..<((frame + frames) * 3)])
          mixdown.consume(slice, frames: frames, into: &output)
          frame += frames
        }
      }
      return output
    }
    let whole = mix(chunk: 1001)
    #expect(whole.count == 333)
    #expect(mix(chunk: 1) == whole)
    #expect(mix(chunk: 7) == whole)
    let first = (0..<9).reduce(Float(0)) { $0 + interleaved[$1] } / 9
    #expect(abs(whole[0] - first) < 1e-6)
  }
}
