import Foundation
import Testing

@testable import Sharp9Audio

@Suite struct TimeStretcherStreamingTests {
  /// Drives a stretcher block by block, changing speed and pitch between blocks.
  private func stream(
    _ input: [Float], blocks: [(frames: Int, speed: Double, pitch: Double)]
  ) throws -> [Float] {
    let stretcher = try TimeStretcher(
      configuration: StretchConfiguration(sampleRate: 44_100, channels: 1))
    var position = 0
    var output: [Float] = []
    var block = [Float](repeating: 0, count: 8192)
    for step in blocks {
      stretcher.speed = step.speed
      stretcher.pitchSemitones = step.pitch
      let needed = stretcher.inputFramesNeeded(forOutputFrames: step.frames)
      let available = min(needed, input.count - position)
      input.withUnsafeBufferPointer { source in
        block.withUnsafeMutableBufferPointer { out in
          let chunk = UnsafeBufferPointer(rebasing: source[position..<(position + available)])
          stretcher.process(
            input: chunk, inputFrames: available, output: out, outputFrames: step.frames)
        }
      }
      position += available
      output += block.prefix(step.frames)
    }
    return output
  }

  @Test func speedAndPitchChangesBetweenBlocksDoNotClick() throws {
    let amplitude = 0.5, frequency = 440.0
    let input = (0..<300_000).map {
      Float(amplitude * sin(2 * .pi * frequency * Double($0) / 44_100))
    }
    let settings: [(Double, Double)] = [
      (1, 0), (1, 0), (0.9, 0), (0.5, 0), (0.5, 3), (1.2, 3), (1.2, -4), (2, -4), (0.25, 12),
      (1, 0), (0.7, 0.5),
    ]
    let blocks = settings.flatMap { setting in
      Array(repeating: (frames: 1500, speed: setting.0, pitch: setting.1), count: 6)
    }
    let output = try stream(input, blocks: blocks)
    // A sine's largest step at the highest pitch reached (+12 st), with a margin for the
    // vocoder's blending; a click would be several times larger.
    let bound = Float(2 * Double.pi * frequency * 2 * amplitude / 44_100) * 1.5
    let largest = zip(output.dropFirst(), output).map { abs($0 - $1) }.max() ?? 0
    #expect(largest < bound, "largest sample-to-sample jump \(largest), bound \(bound)")
    #expect(output.count == blocks.count * 1500)
  }

  /// Changes every few dozen frames, faster than a crossfade or a hop: the frames taken back and
  /// the crossfades chain without a step, and every block still has its exact length.
  @Test func changesEveryFewFramesChainWithoutClicks() throws {
    // A glide from 150 to 450 Hz: redone frames see other phases than the old ones did.
    let amplitude = 0.5
    let input = (0..<44_100).map {
      let time = Double($0) / 44_100
      return Float(amplitude * sin(2 * .pi * (150 * time + 150 * time * time)))
    }
    let settings: [(Double, Double)] = [(0.5, 0), (1.7, 0), (0.9, 2), (1.2, -3), (0.3, 7)]
    let blocks = (0..<400).map { index in
      let setting = settings[index % settings.count]
      return (frames: 37 + index % 29, speed: setting.0, pitch: setting.1)
    }
    let output = try stream(input, blocks: blocks)
    // The steepest step of the input's highest frequency (450 Hz) 7 semitones up, plus a
    // quarter; without the crossfade, switching to the redone frames steps by about 4 times it.
    let bound = Float(2 * Double.pi * 450 * pow(2, 7.0 / 12) * amplitude / 44_100) * 1.25
    let largest = zip(output.dropFirst(), output).map { abs($0 - $1) }.max() ?? 0
    #expect(largest < bound, "largest sample-to-sample jump \(largest), bound \(bound)")
    #expect(output.count == blocks.reduce(0) { $0 + $1.frames })
  }

  @Test func streamingMatchesOfflineAndInputTimeFollowsSpeed() throws {
    let input = StretchSignals.tone(f0: 262, seconds: 1, partials: 4)
    let blocks = Array(repeating: (frames: 1000, speed: 0.8, pitch: 1.0), count: 40)
    let streamed = try stream(input, blocks: blocks)
    let offline = try StretchSignals.stretch(input, speed: 0.8, pitch: 1, planned: false)
    #expect(Array(streamed.prefix(40_000)) == Array(offline.prefix(40_000)))

    let stretcher = try TimeStretcher(
      configuration: StretchConfiguration(sampleRate: 44_100, channels: 1))
    stretcher.speed = 0.8
    #expect(stretcher.inputTime == 0)
    #expect(stretcher.outputLatency == 0)
    #expect(stretcher.inputFramesNeeded(forOutputFrames: 1000) == 800 + stretcher.inputLatency)
    var out = [Float](repeating: 0, count: 1000)
    out.withUnsafeMutableBufferPointer {
      stretcher.flush(output: $0, outputFrames: 1000)
    }
    #expect(stretcher.inputTime == 800)
    #expect(stretcher.outputPosition == 1000)
  }

  @Test func resetStartsAFreshIdenticalStream() throws {
    let input = StretchSignals.tone(f0: 330, seconds: 0.5, partials: 3)
    let stretcher = try TimeStretcher(
      configuration: StretchConfiguration(sampleRate: 44_100, channels: 1))
    stretcher.speed = 0.6
    func render() throws -> [Float] {
      var collected: [Float] = []
      var position = 0
      try stretcher.run(
        inputFrames: input.count,
        read: { buffer, frames in
          let count = min(frames, input.count - position)
          for index in 0..<count { buffer[index] = input[position + index] }
          position += count
          return count
        },
        write: { buffer, frames in collected += buffer.prefix(frames) })
      return collected
    }
    let first = try render()
    stretcher.reset()
    #expect(try render() == first)
  }
}
