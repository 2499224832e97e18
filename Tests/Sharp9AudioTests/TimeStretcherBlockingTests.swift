import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Audio

/// The live engine and the offline render drive one stretcher through different block sizes; the
/// output must not depend on them, only on which output frame each speed or pitch change lands on.
@Suite struct TimeStretcherBlockingTests {
  /// Speed and pitch changes at fixed output frames, each run twice with other random blocks.
  @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
  func outputDoesNotDependOnBlockSizes(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let input = StretchSignals.interleave([
      (0..<120_000).map { _ in 0.3 * random.nextSigned() },
      StretchSignals.tone(f0: 220, seconds: 120_000 / StretchSignals.rate, partials: 5),
    ])
    let total = 90_000
    let speeds = [0.5, 0.73, 0.9, 1, 1.25, 1.6]
    let pitches = [0, 1, -2, 3.5, 7, -12, 0.25]
    var changes: [(frame: Int, speed: Double, pitch: Double)] = [(0, 1, 0)]
    for _ in 0..<12 {
      let frame = Int.random(in: 1..<total, using: &random)
      changes.append(
        (
          frame, speeds.randomElement(using: &random) ?? 1,
          pitches.randomElement(using: &random) ?? 0
        ))
    }
    changes.sort { $0.frame < $1.frame }
    let first = try stream(input, changes: changes, total: total, blocks: &random)
    let second = try stream(input, changes: changes, total: total, blocks: &random)
    #expect(first.count == second.count)
    let differing = first.indices.first { first[$0] != second[$0] }
    #expect(differing == nil, "first difference at sample \(differing ?? 0) (seed \(seed))")
  }

  /// Plays `total` output frames in random blocks (1…3000 frames) that break at every change.
  private func stream(
    _ input: [Float], changes: [(frame: Int, speed: Double, pitch: Double)], total: Int,
    blocks random: inout SplitMix64
  ) throws -> [Float] {
    let stretcher = try TimeStretcher(
      configuration: StretchConfiguration(sampleRate: 44_100, channels: 2))
    var output: [Float] = []
    var block = [Float](repeating: 0, count: 2 * 8192)
    var position = 0
    var produced = 0
    var next = 0
    while produced < total {
      while next < changes.count, changes[next].frame <= produced {
        stretcher.speed = changes[next].speed
        stretcher.pitchSemitones = changes[next].pitch
        next += 1
      }
      let limit = next < changes.count ? changes[next].frame : total
      let frames = min(Int.random(in: 1...3000, using: &random), limit - produced)
      let needed = stretcher.inputFramesNeeded(forOutputFrames: frames)
      let available = min(needed, input.count / 2 - position)
      input.withUnsafeBufferPointer { source in
        block.withUnsafeMutableBufferPointer { out in
          let chunk = UnsafeBufferPointer(
            rebasing: source[(2 * position)..<(2 * (position + available))])
          stretcher.process(input: chunk, inputFrames: available, output: out, outputFrames: frames)
        }
      }
      position += available
      produced += frames
      output += block.prefix(2 * frames)
    }
    return output
  }
}
