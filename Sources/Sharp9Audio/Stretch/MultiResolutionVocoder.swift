/// Two phase vocoders on one schedule: a long window for the low band (bass, fundamentals and
/// speech's first formant need its frequency resolution) and a window half as long for the high
/// band (consonants and attacks need its time resolution), split by complementary spectral masks
/// (`SpectralBand`) and summed in the intermediate stream.
///
/// - Only the high band handles onsets, so the local timing shift its unstretched frames cause is
///   half as large as with the long window and never moves the bass; its phase resets leave the
///   crossover's bins alone.
/// - In the crossover both bands render the same partials; the high band's frame that shares
///   the low band's centre turns those partials toward the low band's phases, or the two would
///   drift apart (each integrates its own frequency estimates) and beat: a 1 kHz tone with
///   vibrato dipped to 8 % of its level at speed 0.5 without this.
final class MultiResolutionVocoder {
  let low: PhaseVocoder
  let high: PhaseVocoder
  private let lowQueue: IntermediateQueue
  private let highQueue: IntermediateQueue

  /// Intermediate frames emitted before the restart point.
  var history: Int { low.history }
  /// The furthest analysis centres may drift from `T` (input frames).
  var maximumDrift: Double { max(low.maximumDrift, high.maximumDrift) }

  /// Allocates both vocoders and their private queues. `size` and `hop` are the long window's,
  /// `highHop` the short window's (a divisor of `hop`); `queueCapacity` and `retained` size the
  /// private queues like the shared one.
  init(
    channels: Int, size: Int, hop: Int, highHop: Int, sampleRate: Double, crossfadeFrames: Int,
    queueCapacity: Int, retained: Int
  ) throws {
    precondition(hop % highHop == 0, "the short window's frames must meet the long window's")
    let lowBand = try SpectralBand(
      side: .low, size: size, sampleRate: sampleRate, crossoverHz: StretchTuning.crossoverHz,
      transitionHz: StretchTuning.crossoverWidthHz)
    let highBand = try SpectralBand(
      side: .high, size: size / 2, sampleRate: sampleRate,
      crossoverHz: StretchTuning.crossoverHz, transitionHz: StretchTuning.crossoverWidthHz)
    // Frames analyzed beyond a change: half a window ahead of the output, plus the hops the
    // queue and the resampler's filter may hold; the high band runs one long hop further.
    let span = size / 2 + 4 * hop
    low = try PhaseVocoder(
      channels: channels, size: size, hop: hop, history: hop,
      crossfadeFrames: min(crossfadeFrames, size / 8),
      band: lowBand, handlesOnsets: false, takeBackSpan: span)
    high = try PhaseVocoder(
      channels: channels, size: size / 2, hop: highHop, history: hop,
      crossfadeFrames: min(crossfadeFrames, size / 16), band: highBand, handlesOnsets: true,
      takeBackSpan: span + hop)
    lowQueue = try IntermediateQueue(
      channels: channels, capacity: queueCapacity, history: hop, retained: retained)
    highQueue = try IntermediateQueue(
      channels: channels, capacity: queueCapacity, history: hop, retained: retained)
  }

  /// Intermediate frames after a change that may still hold what was rendered before it under
  /// the old band limit: the crossfade's old stream, and the high band's frames centred before
  /// the change, which are kept and reach half a window beyond it (the low band's stay below
  /// the lowest limit).
  var framesAfterChangeUnderOldLimit: Int { max(low.crossfade.length, high.size / 2) }

  /// The oldest input frame either vocoder may read.
  var oldestInputNeeded: Int { min(low.oldestInputNeeded, high.oldestInputNeeded) }

  /// Input frames beyond `T(i)` that producing intermediate frame `i` may read, at most.
  func lookahead(inputPerIntermediate ratio: Double) -> Int {
    max(low.lookahead(inputPerIntermediate: ratio), high.lookahead(inputPerIntermediate: ratio))
  }

  /// Starts a new stream at `inputPosition` (see `PhaseVocoder.restart`).
  func restart(at inputPosition: Int, queue: IntermediateQueue) {
    low.restart(at: inputPosition, queue: lowQueue)
    high.restart(at: inputPosition, queue: highQueue)
    queue.reset(start: -history, readStart: 0)
  }

  /// Sets the mapping `T` of both vocoders.
  func retarget(anchorInput: Double, anchorIntermediate: Double, inputPerIntermediate: Double) {
    low.retarget(
      anchorInput: anchorInput, anchorIntermediate: anchorIntermediate,
      inputPerIntermediate: inputPerIntermediate)
    high.retarget(
      anchorInput: anchorInput, anchorIntermediate: anchorIntermediate,
      inputPerIntermediate: inputPerIntermediate)
  }

  /// Limits the rendered band for a pitch ratio (see `PhaseVocoder.limitBand`): only the high
  /// band reaches the limit, which is never below a quarter of the sample rate.
  func limitBand(pitchRatio: Double) { high.limitBand(pitchRatio: pitchRatio) }

  /// Emits the next frames into `queue`: one long-window hop and the short-window hops that
  /// cover it, summed.
  func synthesizeHop(input: StretchInput, onsets: OnsetDetector, queue: IntermediateQueue) {
    followRead(of: queue)
    let written = queue.writePosition
    while lowQueue.writePosition <= written {
      low.synthesizeHop(input: input, onsets: onsets, queue: lowQueue)
      // The short-window frames up to the long one just made, so the one that shares its centre
      // can follow its phases.
      let guideCenter = (low.cursor.frameIndex - 1) * low.hop
      while high.cursor.frameIndex * high.hop <= guideCenter {
        high.synthesizeHop(input: input, onsets: onsets, queue: highQueue, guide: low)
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
