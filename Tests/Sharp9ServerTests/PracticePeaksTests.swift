import Foundation
import Sharp9Audio
import Sharp9Domain
import Testing

@testable import Sharp9Server

/// The peaks' JSON, written straight to text, is the interchange encoder's JSON of them.
@Suite struct PracticePeaksTests {
  @Test func theTextIsTheInterchangeJSON() throws {
    let url = FileManager.default.temporaryDirectory
      .appending(path: "sharp9-peaks-\(UUID().uuidString).wav")
    defer { try? FileManager.default.removeItem(at: url) }
    let writer = try AudioFileWriter(
      url: url, container: .wav, sample: .pcm16, sampleRate: 44_100, channels: 2)
    let frames = 100_001
    let samples = (0..<(frames * 2)).map { 0.8 * sin(Float($0) * 0.0007) * Float($0 % 3) / 2 }
    try samples.withUnsafeBufferPointer { try writer.write($0, frames: frames) }
    try writer.finish()
    let peaks = PracticePeaks(try DecodedAudio(url: url))
    #expect(peaks.buckets > 700)
    #expect(peaks.min.contains { $0 < -300 } && peaks.max.contains { $0 > 300 })
    #expect(peaks.json == (try Interchange.string(peaks)))
  }
}
