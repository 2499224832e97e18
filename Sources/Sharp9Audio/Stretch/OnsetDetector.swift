/// Finds attacks (drum hits, plucks, consonants) in the stretcher's input so the vocoder can stop
/// stretching across them and reset its phases, which keeps them sharp.
///
/// The detection function is the energy of the first difference of the channel sum (a cheap
/// high-frequency emphasis) over fixed 256-frame blocks at absolute positions; a block whose energy
/// jumps above `onsetRatio` times the recent average starts an onset. Blocks are analyzed lazily,
/// in order, only as far as the vocoder asks, so results never depend on how the caller sizes
/// its blocks.
final class OnsetDetector {
  private let block = StretchTuning.onsetBlock
  private let historyCount = StretchTuning.onsetHistoryBlocks
  private var history: [Float]
  private var historyFilled = 0
  private var historyIndex = 0
  private var nextBlockStart = 0
  private var previousSample: Float = 0
  private var lastOnsetBlock = Int.min / 2
  private var onsets: [Int]
  private var onsetHead = 0
  private var onsetCount = 0

  /// Allocates the fixed history and onset rings.
  init() {
    history = Array(repeating: 0, count: StretchTuning.onsetHistoryBlocks)
    onsets = Array(repeating: 0, count: 64)
    scratch = Array(repeating: 0, count: StretchTuning.onsetBlock)
  }

  /// Forgets everything; analysis restarts at absolute frame `start`.
  func reset(start: Int) {
    nextBlockStart = start
    historyFilled = 0
    historyIndex = 0
    previousSample = 0
    lastOnsetBlock = Int.min / 2
    onsetCount = 0
    onsetHead = 0
  }

  /// Analyzes every complete block that ends at or before `position` and has been pushed.
  func analyze(upTo position: Int, input: StretchInput) {
    if nextBlockStart < input.base { reset(start: input.base) }
    let floor = StretchTuning.onsetFloorPerSample * Float(block)
    while nextBlockStart + block <= min(position, input.end) {
      var energy: Float = 0
      var previous = previousSample
      for channel in 0..<input.channels {
        let samples = input.samples(channel: channel, from: nextBlockStart)
        if channel == 0 {
          scratchSum(samples)
        } else {
          addToScratch(samples)
        }
      }
      var strongest: Float = 0
      var strongestIndex = 0
      scratch.withUnsafeBufferPointer { sum in
        // Indexed, not `enumerated()`: the first use of that generic sequence type instantiates
        // its metadata on the audio thread, which allocates.
        for index in 0..<sum.count {
          let value = sum[index]
          let difference = (value - previous) * (value - previous)
          energy += difference
          if difference > strongest {
            strongest = difference
            strongestIndex = index
          }
          previous = value
        }
      }
      previousSample = previous
      let average = historyFilled == 0 ? 0 : historySum() / Float(historyFilled)
      let blockIndex = nextBlockStart / block
      if energy > floor, energy > StretchTuning.onsetRatio * average,
        blockIndex - lastOnsetBlock > StretchTuning.onsetRefractoryBlocks
      {
        // The attack's own position, not its block's: onsets keep sample-accurate timing.
        record(nextBlockStart + strongestIndex)
        lastOnsetBlock = blockIndex
      }
      history[historyIndex] = energy
      historyIndex = (historyIndex + 1) % historyCount
      historyFilled = min(historyFilled + 1, historyCount)
      nextBlockStart += block
    }
  }

  /// The first onset in `lower..<upper`.
  func firstOnset(from lower: Int, to upper: Int) -> Int? {
    for offset in 0..<onsetCount {
      let onset = onsets[(onsetHead + offset) % onsets.count]
      if onset >= upper { return nil }
      if onset >= lower { return onset }
    }
    return nil
  }

  /// Forgets onsets before `position` (the vocoder keeps those a taken-back frame may need).
  func forget(before position: Int) {
    while onsetCount > 0, onsets[onsetHead] < position {
      onsetHead = (onsetHead + 1) % onsets.count
      onsetCount -= 1
    }
  }

  private var scratch: [Float]

  private func scratchSum(_ samples: UnsafeMutablePointer<Float>) {
    scratch.withUnsafeMutableBufferPointer { sum in
      for index in sum.indices { sum[index] = samples[index] }
    }
  }

  private func addToScratch(_ samples: UnsafeMutablePointer<Float>) {
    scratch.withUnsafeMutableBufferPointer { sum in
      for index in sum.indices { sum[index] += samples[index] }
    }
  }

  /// The history's sum, first block first (the order `reduce(0, +)` added in). Indexed: a debug
  /// build's generic `reduce` mallocs a coroutine frame per element on the audio thread.
  private func historySum() -> Float {
    var sum: Float = 0
    for index in 0..<history.count { sum += history[index] }
    return sum
  }

  private func record(_ position: Int) {
    if onsetCount == onsets.count {
      onsetHead = (onsetHead + 1) % onsets.count
      onsetCount -= 1
    }
    onsets[(onsetHead + onsetCount) % onsets.count] = position
    onsetCount += 1
  }
}
