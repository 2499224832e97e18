/// Two phase vocoders on one schedule: a long window for the low band (bass and fundamentals need
/// its frequency resolution) and a short one for the high band (consonants and attacks need its
/// time resolution), split by complementary spectral masks and summed in the intermediate stream.
///
/// Only the high band handles onsets, so the local timing shift its unstretched frames cause is
/// bounded by the short window and never moves the bass.
final class MultiResolutionVocoder {
  let low: PhaseVocoder
  let high: PhaseVocoder?
  private let lowQueue: IntermediateQueue
  private let highQueue: IntermediateQueue

  /// Intermediate frames emitted before the restart point.
  var history: Int { low.history }
  /// The furthest analysis centres may drift from `T` (input frames).
  var maximumDrift: Double { max(low.maximumDrift, high?.maximumDrift ?? 0) }

  /// Allocates both vocoders and their private queues; `queueCapacity` and `retained` size the
  /// private queues like the shared one.
  init(
    channels: Int, size: Int, hop: Int, sampleRate: Double, crossfadeFrames: Int,
    queueCapacity: Int, retained: Int
  ) throws {
    let crossover = StretchExperiment.crossoverHz
    if crossover > 0 {
      let divisor = StretchExperiment.highSizeDivisor
      let lowBand = try SpectralBand(
        side: .low, size: size, sampleRate: sampleRate, crossoverHz: crossover,
        transitionHz: StretchExperiment.transitionHz)
      let highBand = try SpectralBand(
        side: .high, size: size / divisor, sampleRate: sampleRate, crossoverHz: crossover,
        transitionHz: StretchExperiment.transitionHz)
      low = try PhaseVocoder(
        channels: channels, size: size, hop: hop, history: hop, crossfadeFrames: crossfadeFrames,
        band: lowBand, handlesOnsets: StretchExperiment.lowOnsets)
      high = try PhaseVocoder(
        channels: channels, size: size / divisor, hop: hop / divisor, history: hop,
        crossfadeFrames: min(crossfadeFrames, size / divisor / 8), band: highBand,
        handlesOnsets: StretchExperiment.highOnsets)
      high?.phaseGuide = low
    } else {
      low = try PhaseVocoder(
        channels: channels, size: size, hop: hop, history: hop, crossfadeFrames: crossfadeFrames)
      high = nil
    }
    lowQueue = try IntermediateQueue(
      channels: channels, capacity: queueCapacity, history: hop, retained: retained)
    highQueue = try IntermediateQueue(
      channels: channels, capacity: queueCapacity, history: hop, retained: retained)
  }

  /// The oldest input frame either vocoder may read.
  var oldestInputNeeded: Int { min(low.oldestInputNeeded, high?.oldestInputNeeded ?? .max) }

  /// Input frames beyond `T(i)` that producing intermediate frame `i` may read, at most.
  func lookahead(inputPerIntermediate ratio: Double) -> Int {
    max(
      low.lookahead(inputPerIntermediate: ratio),
      high?.lookahead(inputPerIntermediate: ratio) ?? 0)
  }

  /// Starts a new stream at `inputPosition` (see `PhaseVocoder.restart`).
  func restart(at inputPosition: Int, queue: IntermediateQueue) {
    guard let high else {
      low.restart(at: inputPosition, queue: queue)
      return
    }
    low.restart(at: inputPosition, queue: lowQueue)
    high.restart(at: inputPosition, queue: highQueue)
    queue.reset(start: -history, readStart: 0)
  }

  /// Sets the mapping `T` of both vocoders.
  func retarget(anchorInput: Double, anchorIntermediate: Double, inputPerIntermediate: Double) {
    low.retarget(
      anchorInput: anchorInput, anchorIntermediate: anchorIntermediate,
      inputPerIntermediate: inputPerIntermediate)
    high?.retarget(
      anchorInput: anchorInput, anchorIntermediate: anchorIntermediate,
      inputPerIntermediate: inputPerIntermediate)
  }

  /// Emits the next frames into `queue`: one long-window hop and the short-window hops that
  /// cover it, summed.
  func synthesizeHop(input: StretchInput, onsets: OnsetDetector, queue: IntermediateQueue) {
    guard let high else {
      low.synthesizeHop(input: input, onsets: onsets, queue: queue)
      return
    }
    followRead(of: queue)
    let written = queue.writePosition
    while lowQueue.writePosition <= written {
      low.synthesizeHop(input: input, onsets: onsets, queue: lowQueue)
      // The short-window frames up to the long one just made, so the one that shares its centre
      // can follow its phases.
      let guideCenter = (low.cursor.frameIndex - 1) * low.hop
      while high.cursor.frameIndex * high.hop <= guideCenter {
        high.synthesizeHop(input: input, onsets: onsets, queue: highQueue)
      }
    }
    let count = min(lowQueue.writePosition, highQueue.writePosition) - written
    let destination = queue.reserve(count)
    let lows = lowQueue.frames(from: written)
    let highs = highQueue.frames(from: written)
    for index in 0..<(count * queue.channels) { destination[index] = lows[index] + highs[index] }
    queue.commit(count)
  }

  /// Undoes the frames centred after `position` in both vocoders (see `PhaseVocoder.takeBack`).
  func takeBack(framesCenteredAfter position: Double, queue: IntermediateQueue) {
    guard let high else {
      low.takeBack(framesCenteredAfter: position, queue: queue)
      return
    }
    followRead(of: queue)
    low.takeBack(framesCenteredAfter: position, queue: lowQueue)
    high.takeBack(framesCenteredAfter: position, queue: highQueue)
    queue.rewindWrite(
      to: min(queue.writePosition, lowQueue.writePosition, highQueue.writePosition))
  }

  /// Keeps the private queues' read positions on the shared one's, so they capture crossfades
  /// from where the listener is and free what was heard.
  private func followRead(of queue: IntermediateQueue) {
    lowQueue.consume(queue.readPosition - lowQueue.readPosition)
    highQueue.consume(queue.readPosition - highQueue.readPosition)
  }
}
