import Foundation
import Testing

@testable import Sharp9Audio

/// Not a test: `scripts/bench-notes.sh` runs it with `SHARP9_BENCH=1` to print the estimator's
/// precision and recall per category on the whole synthetic set, time its windows, and leave
/// the set as WAV files (with the truth and sharp9's answers) in `SHARP9_BENCH_DIR` for the
/// script's librosa peer; `SHARP9_BENCH_MUSIC` names a recording to describe as well.
@Suite struct NotesBenchmark {
  static let environment = ProcessInfo.processInfo.environment

  @Test(.enabled(if: environment["SHARP9_BENCH"] == "1"))
  func syntheticSetAndRecording() throws {
    let directory = URL(
      fileURLWithPath: Self.environment["SHARP9_BENCH_DIR"] ?? "/tmp/sharp9-bench-notes")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let estimator = try SoundingNotesEstimator(
      configuration: NoteEstimatorConfiguration(sampleRate: NoteSynth.rate))
    var scores: [String: NoteTestSet.Score] = [:]
    var casesText = "index\tcategory\ttimbre\tname\ttruth\ttimes\n"
    var answersText = "index\ttime\tnotes\n"
    var windows = 0
    var elapsed = Duration.zero
    for (index, testCase) in try NoteTestSet.cases().enumerated() {
      try Self.writeWAV(testCase.audio, to: directory.appending(path: "\(index).wav"))
      casesText += "\(index)\t\(testCase.category.rawValue)\t\(testCase.timbre.rawValue)\t"
      casesText += "\(testCase.name)\t\(Self.join(testCase.truth))\t\(Self.join(testCase.times))\n"
      var score = NoteTestSet.Score()
      for time in testCase.times {
        let start = ContinuousClock.now
        let notes = testCase.audio.withUnsafeBufferPointer {
          estimator.notes(at: Int((time * NoteSynth.rate).rounded()), in: $0)
        }
        elapsed += ContinuousClock.now - start
        windows += 1
        score.add(estimate: notes, truth: NoteSet(testCase.truth))
        answersText += "\(index)\t\(time)\t\(Self.join(notes.midiNotes))\n"
      }
      for key in ["\(testCase.category.rawValue)\t\(testCase.timbre.rawValue)", "all\tall"] {
        scores[key, default: NoteTestSet.Score()] = scores[key, default: .init()] + score
      }
    }
    try casesText.write(
      to: directory.appending(path: "cases.tsv"), atomically: true, encoding: .utf8)
    try answersText.write(
      to: directory.appending(path: "sharp9.tsv"), atomically: true, encoding: .utf8)
    print("category\ttimbre\tprecision\trecall\tsounding-note-frames")
    for key in scores.keys.sorted() {
      let score = scores[key, default: .init()]
      let precision = score.precision.formatted(.number.precision(.fractionLength(3)))
      let recall = score.recall.formatted(.number.precision(.fractionLength(3)))
      print("\(key)\t\(precision)\t\(recall)\t\(score.truePositives + score.falseNegatives)")
    }
    let perWindow = elapsed / windows
    print("sharp9 windows: \(windows), per window: \(perWindow)")
    if let music = Self.environment["SHARP9_BENCH_MUSIC"] {
      try describe(URL(fileURLWithPath: music), into: directory)
    }
  }

  /// The notes every 0.25 s of the first 20 s of a recording, as `music.tsv`.
  func describe(_ url: URL, into directory: URL) throws {
    let reader = try AudioFileReader(url: url)
    let rate = Double(reader.format.sampleRate)
    let channels = reader.format.channels
    let frames = min(Int(reader.format.frames), Int(20 * rate))
    var samples = [Float](repeating: 0, count: frames * channels)
    _ = try samples.withUnsafeMutableBufferPointer { try reader.read(into: $0, frames: frames) }
    let estimator = try SoundingNotesEstimator(
      configuration: NoteEstimatorConfiguration(sampleRate: rate, channels: channels))
    var text = "time\tnotes\n"
    samples.withUnsafeBufferPointer { samples in
      var time = 0.25
      while time < Double(frames) / rate {
        estimator.notes(at: Int(time * rate), in: samples)
        let notes = estimator.lastSoundingNotes.map {
          "\($0.midi):\($0.salience.formatted(.number.precision(.fractionLength(2))))"
        }
        text += "\(time)\t\(notes.joined(separator: " "))\n"
        time += 0.25
      }
    }
    try text.write(to: directory.appending(path: "music.tsv"), atomically: true, encoding: .utf8)
  }

  static func join(_ values: [some CustomStringConvertible]) -> String {
    values.map(\.description).joined(separator: " ")
  }

  static func writeWAV(_ samples: [Float], to url: URL) throws {
    let writer = try AudioFileWriter(
      url: url, container: .wav, sample: .float, sampleRate: Int(NoteSynth.rate), channels: 1)
    try samples.withUnsafeBufferPointer { try writer.write($0, frames: samples.count) }
    try writer.finish()
  }
}
