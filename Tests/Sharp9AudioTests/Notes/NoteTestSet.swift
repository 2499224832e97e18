import Foundation

@testable import Sharp9Audio

/// The synthetic set issue 22's keyboard strip is measured on: single notes, intervals, triads
/// and four-note chords, transposed (the audio itself in other keys) and slowed (through the
/// project's stretcher at 0.5×), piano- and guitar-like; with precision and recall over every
/// analysed frame of each case's sustained part.
enum NoteTestSet {
  /// What a case is, for the per-category table.
  enum Category: String, CaseIterable, Sendable {
    case single = "single notes"
    case interval = "intervals"
    case triad = "triads"
    case fourNote = "4-note chords"
    case transposed = "transposed"
    case slowed = "slowed 0.5x"
  }

  /// One rendered case: its audio (mono, 44.1 kHz), the notes sounding and when to look.
  struct Case: Sendable {
    let name: String
    let category: Category
    let timbre: NoteSynth.Timbre
    let truth: [Int]
    let audio: [Float]
    /// Centres of the analysed windows, in seconds: the sustained part (after the attack,
    /// before the guitar-like notes have faded by 20 dB).
    let times: [Double]
  }

  static let intervals = [3, 4, 5, 7, 9, 12]
  static let intervalRoots = [48, 55, 62]
  static let triads = [
    [60, 64, 67], [64, 67, 72], [57, 60, 64], [55, 59, 62], [65, 69, 72], [62, 65, 69],
    [52, 55, 59], [40, 47, 52], [67, 71, 74],
  ]
  static let fourNotes = [
    [60, 64, 67, 71], [55, 59, 62, 65], [57, 60, 64, 67], [50, 53, 57, 60], [48, 55, 60, 64],
    [53, 57, 60, 64],
  ]
  static let transpositions = [-5, 4]
  static let slowedChords = [[60, 64, 67], [55, 59, 62, 65]]
  static let seconds = 0.48
  static let times = stride(from: 0.12, through: 0.42, by: 0.06).map { $0 }

  /// The whole set; `singleStep` 1 takes every note E2…C6, 2 every other one.
  static func cases(singleStep: Int = 1) throws -> [Case] {
    var cases: [Case] = []
    for timbre in NoteSynth.Timbre.allCases {
      func add(_ name: String, _ category: Category, _ notes: [Int]) {
        cases.append(
          Case(
            name: name, category: category, timbre: timbre, truth: notes,
            audio: NoteSynth.render(notes, timbre, seconds: seconds), times: times))
      }
      for note in stride(from: 40, through: 84, by: singleStep) { add("\(note)", .single, [note]) }
      for root in intervalRoots {
        for interval in intervals {
          add("\(root)+\(interval)", .interval, [root, root + interval])
        }
      }
      for chord in triads { add("\(chord)", .triad, chord) }
      for chord in fourNotes { add("\(chord)", .fourNote, chord) }
      for shift in transpositions {
        for chord in triads + fourNotes {
          add("\(chord)\(shift > 0 ? "+" : "")\(shift)", .transposed, chord.map { $0 + shift })
        }
      }
      for chord in slowedChords {
        let audio = NoteSynth.render(chord, timbre, seconds: seconds)
        let slowed = try StretchSignals.stretch(audio, speed: 0.5)
        cases.append(
          Case(
            name: "\(chord) at 0.5x", category: .slowed, timbre: timbre, truth: chord,
            audio: slowed, times: times.map { 2 * $0 }))
      }
    }
    return cases
  }

  /// True and false positives and negatives, summed over frames.
  struct Score: Sendable, Equatable {
    var truePositives = 0
    var falsePositives = 0
    var falseNegatives = 0

    var precision: Double {
      let lit = truePositives + falsePositives
      return lit == 0 ? 1 : Double(truePositives) / Double(lit)
    }
    var recall: Double {
      let sounding = truePositives + falseNegatives
      return sounding == 0 ? 1 : Double(truePositives) / Double(sounding)
    }

    mutating func add(estimate: NoteSet, truth: NoteSet) {
      let hits = estimate.intersection(truth).count
      truePositives += hits
      falsePositives += estimate.count - hits
      falseNegatives += truth.count - hits
    }

    static func + (left: Score, right: Score) -> Score {
      Score(
        truePositives: left.truePositives + right.truePositives,
        falsePositives: left.falsePositives + right.falsePositives,
        falseNegatives: left.falseNegatives + right.falseNegatives)
    }
  }

  /// The estimator's notes at each of the case's times.
  static func estimates(_ testCase: Case, configuration: NoteEstimatorConfiguration? = nil)
    throws -> [NoteSet]
  {
    let estimator = try SoundingNotesEstimator(
      configuration: configuration ?? NoteEstimatorConfiguration(sampleRate: NoteSynth.rate))
    return testCase.audio.withUnsafeBufferPointer { samples in
      testCase.times.map { estimator.notes(at: Int(($0 * NoteSynth.rate).rounded()), in: samples) }
    }
  }

  /// The case's score over its frames.
  static func score(_ testCase: Case, _ estimates: [NoteSet]) -> Score {
    var score = Score()
    for estimate in estimates { score.add(estimate: estimate, truth: NoteSet(testCase.truth)) }
    return score
  }
}
