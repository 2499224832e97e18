import CAllocationCounter
import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Audio

/// Issue 22's keyboard strip: the sounding-notes estimator on synthetic piano- and guitar-like
/// notes and chords, its latency, determinism and allocation-free steady state.
@Suite struct SoundingNotesEstimatorTests {
  static let rate = NoteSynth.rate

  static func estimator(channels: Int = 1) throws -> SoundingNotesEstimator {
    try SoundingNotesEstimator(
      configuration: NoteEstimatorConfiguration(sampleRate: rate, channels: channels))
  }

  /// The target: precision and recall ≥ 0.9 over every frame of the set (every third single
  /// note here, to keep the debug build quick; `scripts/bench-notes.sh` runs them all).
  @Test func theSyntheticSetMeetsTheIssuesTarget() throws {
    var total = NoteTestSet.Score()
    var failures: [String] = []
    for testCase in try NoteTestSet.cases(singleStep: 3) {
      let estimates = try NoteTestSet.estimates(testCase)
      total = total + NoteTestSet.score(testCase, estimates)
      for estimate in estimates where estimate != NoteSet(testCase.truth) {
        failures.append("\(testCase.timbre) \(testCase.name): \(estimate)")
      }
    }
    #expect(total.precision >= 0.9, "\(total), e.g. \(failures.prefix(8))")
    #expect(total.recall >= 0.9, "\(total), e.g. \(failures.prefix(8))")
  }

  @Test func aNotesOctaveAndTwelfthDoNotLightUnlessPlayed() throws {
    let estimator = try Self.estimator()
    let frame = Int(0.25 * Self.rate)
    for timbre in NoteSynth.Timbre.allCases {
      let alone = NoteSynth.render([60], timbre, seconds: 0.4)
      let withOctave = NoteSynth.render([60, 72], timbre, seconds: 0.4)
      let withTwelfth = NoteSynth.render([60, 79], timbre, seconds: 0.4)
      #expect(alone.withUnsafeBufferPointer { estimator.notes(at: frame, in: $0) } == [60])
      #expect(
        withOctave.withUnsafeBufferPointer { estimator.notes(at: frame, in: $0) } == [60, 72])
      #expect(
        withTwelfth.withUnsafeBufferPointer { estimator.notes(at: frame, in: $0) } == [60, 79])
    }
  }

  @Test func silenceAndQuietNoiseLightNothing() throws {
    let estimator = try Self.estimator()
    let silence = [Float](repeating: 0, count: estimator.windowFrames)
    #expect(silence.withUnsafeBufferPointer { estimator.notes(window: $0) }.isEmpty)
    var random = SplitMix64(seed: 22)
    // −51 dBFS RMS: quiet hiss, below the absolute floor.
    let noise = (0..<estimator.windowFrames).map { _ in 0.005 * random.nextSigned() }
    #expect(noise.withUnsafeBufferPointer { estimator.notes(window: $0) }.isEmpty)
  }

  @Test func thePolyphonyCapAndTheThresholdsAreObeyed() throws {
    let chord = NoteSynth.render([55, 59, 62, 65], .piano, seconds: 0.4)
    let frame = Int(0.25 * Self.rate)
    func notes(_ configuration: NoteEstimatorConfiguration) throws -> NoteSet {
      let estimator = try SoundingNotesEstimator(configuration: configuration)
      return chord.withUnsafeBufferPointer { estimator.notes(at: frame, in: $0) }
    }
    let base = NoteEstimatorConfiguration(sampleRate: Self.rate)
    var two = base
    two.maximumPolyphony = 2
    var none = base
    none.maximumPolyphony = -1
    var deaf = base
    deaf.absoluteFloor = 100
    #expect(try notes(base) == [55, 59, 62, 65])
    #expect(try notes(two).count == 2)
    #expect(try notes(none).isEmpty)
    #expect(try notes(deaf).isEmpty)
  }

  @Test func channelsAreMixedToMono() throws {
    let chord = NoteSynth.render([57, 60, 64], .piano, seconds: 0.4)
    let stereo = StretchSignals.interleave([chord, [Float](repeating: 0, count: chord.count)])
    let frame = Int(0.25 * Self.rate)
    let notes = try stereo.withUnsafeBufferPointer {
      try Self.estimator(channels: 2).notes(at: frame, in: $0)
    }
    #expect(notes == [57, 60, 64])
  }

  @Test func theSameSamplesGiveTheSameNotesAndSaliencesToTheBit() throws {
    let chord = NoteSynth.render([55, 59, 62, 65], .guitar, seconds: 0.4)
    func run() throws -> [SoundingNote] {
      let estimator = try Self.estimator()
      for time in [0.1, 0.2, 0.3] {
        chord.withUnsafeBufferPointer { _ = estimator.notes(at: Int(time * Self.rate), in: $0) }
      }
      return estimator.lastSoundingNotes
    }
    let first = try run()
    let second = try run()
    #expect(first.map(\.midi) == [55, 59, 62, 65])
    #expect(first.map(\.salience.bitPattern) == second.map(\.salience.bitPattern))
    #expect(first.map(\.salience).max() == 1)
  }

  /// The strip lags the playhead by nothing when the engine gives the window centred on it, at
  /// the cost of reading 46.4 ms ahead (2048 frames at 44.1 kHz); by those 46.4 ms when only
  /// past samples are at hand. Either way within the issue's 50 ms.
  @Test func aCentredWindowReadsHalfAWindowAheadAndNoFurther() throws {
    let estimator = try Self.estimator()
    #expect(estimator.windowFrames == 4096)
    #expect(estimator.lookaheadSeconds == 2048 / Self.rate)
    #expect(estimator.lookaheadSeconds < 0.05)
    let frame = Int(0.25 * Self.rate)
    let chord = NoteSynth.render([60, 64, 67], .piano, seconds: 0.5)
    // Everything after the window's last frame, frame + 2047, replaced by another chord.
    var changedAfter = chord
    let other = NoteSynth.render([49, 53, 68], .guitar, seconds: 0.5)
    for index in (frame + 2048)..<chord.count { changedAfter[index] = other[index] }
    // The window's last frame changed: the analysis must see it.
    var changedAtEdge = chord
    changedAtEdge[frame + 2047] += 100
    func saliences(_ samples: [Float]) -> [UInt32] {
      samples.withUnsafeBufferPointer { _ = estimator.notes(at: frame, in: $0) }
      return (21...108).map { estimator.salience(ofMIDI: $0).bitPattern }
    }
    #expect(saliences(changedAfter) == saliences(chord))
    #expect(saliences(changedAtEdge) != saliences(chord))
  }

  @Test func transposingRoundsToTheNearestKey() {
    let chord: NoteSet = [60, 64, 67]
    #expect(chord.transposed(bySemitones: 0.49) == chord)
    #expect(chord.transposed(bySemitones: 0.5) == [61, 65, 68])
    #expect(chord.transposed(bySemitones: -0.5) == [59, 63, 66])
    #expect(chord.transposed(bySemitones: -1.49) == [59, 63, 66])
    #expect(chord.transposed(bySemitones: 12.3) == [72, 76, 79])
    #expect(NoteSet([2, 126]).transposed(bySemitones: 3) == [5])
    #expect(NoteSet([2, 126]).transposed(bySemitones: -3) == [123])
    #expect(chord.transposed(bySemitones: .nan) == chord)
    #expect(chord.midiNotes == [60, 64, 67])
    #expect(chord.count == 3)
  }

  @Test func transposedAudioLightsTheTransposedKeys() throws {
    let estimator = try Self.estimator()
    let frame = Int(0.25 * Self.rate)
    let chord: NoteSet = [57, 60, 64, 67]
    for shift in [-7, 3] {
      let audio = NoteSynth.render(
        chord.transposed(bySemitones: Double(shift)).midiNotes, .piano,
        seconds: 0.4)
      let heard = audio.withUnsafeBufferPointer { estimator.notes(at: frame, in: $0) }
      #expect(heard == chord.transposed(bySemitones: Double(shift)))
    }
  }

  @Test(.enabled(if: sharp9_allocations_supported() == 1))
  func analysingAWindowAllocatesNothing() throws {
    let estimator = try Self.estimator(channels: 2)
    let chord = NoteSynth.render([55, 59, 62, 65], .piano, seconds: 0.5)
    let stereo = StretchSignals.interleave([chord, chord])
    var lit = NoteSet()
    var salience: Float = 0
    var allocations = -1
    stereo.withUnsafeBufferPointer { samples in
      let window = UnsafeBufferPointer(
        rebasing: samples[8000..<(8000 + estimator.windowFrames * 2)])
      estimator.notes(at: 4000, in: samples)
      sharp9_allocations_begin()
      var frame = 2000
      while frame < 20_000 {
        estimator.notes(at: frame, in: samples)
        frame += 1024
      }
      salience = estimator.salience(ofMIDI: 55)
      lit = estimator.notes(window: window)
      allocations = sharp9_allocations_end()
    }
    #expect(allocations == 0)
    #expect(lit == [55, 59, 62, 65])
    #expect(salience > 0)
  }
}
