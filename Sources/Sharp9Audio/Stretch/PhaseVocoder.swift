import Foundation

/// The phase-vocoder stage: schedules analysis windows on the input, phase-locks their spectra
/// and overlap-adds them every `hop` frames into the intermediate stream.
///
/// Intermediate frame `i` stands for input time `T(i) = anchorInput + (i − anchorIntermediate) ·
/// inputPerIntermediate`. Each synthesis frame `m` is centred at intermediate `m · hop`; its
/// analysis centre follows `T(m · hop)`, except around onsets, where frames advance by exactly
/// `hop` (no stretch) with their phases reset so the attack is reproduced as recorded. The drift
/// this leaves is caught up by the next frames within `±50 %` of the nominal hop.
///
/// When `T` changes (a new speed or pitch), `takeBack(framesCenteredAfter:queue:)` undoes the
/// frames already analyzed under the old `T` beyond the change, so the change is heard from its
/// own output frame instead of half a window later.
final class PhaseVocoder {
  let channels: Int
  let size: Int
  let hop: Int
  /// Intermediate frames emitted before the restart point, so a resampler has real history.
  let history: Int
  /// The furthest analysis centres may run ahead of or behind `T` (input frames).
  let maximumDrift: Double
  let bins: Int
  let fft: RealFFT
  let window: AlignedFloats
  let frames: [AlignedFloats]
  let spectra: [AlignedFloats]
  let spectrumPointers: [UnsafeMutablePointer<Float>]
  var reference: AlignedFloats
  var previousReference: AlignedFloats
  /// Overlap-add sums, `channels · size` planar floats per slot; see `VocoderCheckpoints`.
  let accumulators: [AlignedFloats]
  let locker: PhaseLocker
  let checkpoints: VocoderCheckpoints
  let crossfade: VocoderCrossfade
  let outputScale: Float
  /// The part of the spectrum this vocoder renders (nil: all of it).
  let band: SpectralBand?
  /// Whether attacks get unstretched frames and a steered schedule (see `scheduleFrame`).
  let handlesOnsets: Bool
  /// First bin an onset resets (those below stay locked to the low band's phases).
  let phaseResetBin: Int
  /// Under a pitch shift, the bins from here fade out (`bins`: no limit); see `limitBand`.
  var pitchLimitFullBin: Int
  /// Under a pitch shift, the first bin rendered silent (`bins`: no limit).
  var pitchLimitEndBin: Int

  var cursor = VocoderCursor()
  var anchorInput = 0.0
  var anchorIntermediate = 0.0
  var inputPerIntermediate = 1.0

  /// Allocates every buffer for `channels` channels, windows of `size`, a synthesis `hop`,
  /// `history` frames emitted before a restart point (a multiple of `hop`) and a crossfade of
  /// `crossfadeFrames` after a parameter change. `band` limits the spectrum it renders,
  /// `handlesOnsets` enables the onset handling and `takeBackSpan` is how far (intermediate
  /// frames) beyond what is heard its analyzed frames may reach, all of which a change must be
  /// able to take back.
  init(
    channels: Int, size: Int, hop: Int, history: Int, crossfadeFrames: Int,
    band: SpectralBand?, handlesOnsets: Bool, takeBackSpan: Int
  ) throws {
    precondition(crossfadeFrames <= size / 8, "the crossfade must stay at a window's start")
    precondition(history % hop == 0, "history must be whole hops")
    self.channels = channels
    self.size = size
    self.hop = hop
    self.history = history
    self.band = band
    self.handlesOnsets = handlesOnsets
    phaseResetBin = band?.fullBin ?? 0
    maximumDrift = Double(size)
    bins = size / 2 + 1
    pitchLimitFullBin = bins
    pitchLimitEndBin = bins
    fft = try RealFFT(size: size)
    window = try AlignedFloats(count: size)
    for index in 0..<size {
      window.pointer[index] = Float(0.5 - 0.5 * cos(2 * Double.pi * Double(index) / Double(size)))
    }
    frames = try (0..<channels).map { _ in try AlignedFloats(count: size) }
    spectra = try (0..<channels).map { _ in try AlignedFloats(count: 2 * (size / 2 + 1)) }
    spectrumPointers = spectra.map(\.pointer)
    reference = try AlignedFloats(count: 2 * bins)
    previousReference = try AlignedFloats(count: 2 * bins)
    let depth = (takeBackSpan + hop - 1) / hop
    checkpoints = try VocoderCheckpoints(depth: depth, bins: bins)
    accumulators = try (0...depth).map { _ in try AlignedFloats(count: channels * size) }
    crossfade = try VocoderCrossfade(length: crossfadeFrames, channels: channels)
    locker = try PhaseLocker(size: size, active: band.map { $0.lowerBin..<$0.upperBin })
    // A periodic Hann window squared sums to 3/8 · size/hop over overlapping frames; the inverse
    // FFT scales by `size`.
    outputScale = Float(1 / (Double(size) * 0.375 * Double(size) / Double(hop)))
  }

  /// The oldest input frame an analysis window can read, including frames a change may redo.
  var oldestInputNeeded: Int {
    min(cursor.previousStart, checkpoints.oldest?.cursor.previousStart ?? .max)
  }

  /// Input frames beyond `T(i)` that producing intermediate frame `i` may read, at most.
  func lookahead(inputPerIntermediate ratio: Double) -> Int {
    Int(
      ((Double(size / 2 + (3 + StretchTuning.onsetPreparationHops) * hop) + 512) * ratio
        + maximumDrift).rounded(.up))
      + size / 2 + StretchTuning.onsetBlock
  }

  /// Starts a new stream at input frame `inputPosition`, which becomes intermediate frame 0.
  ///
  /// The frames around the restart point analyze the input without stretch or phase rotation, so
  /// the first output equals the input there: switching from pass-through is seamless.
  func restart(at inputPosition: Int, queue: IntermediateQueue) {
    for index in 0..<accumulators.count { accumulators[index].zero() }
    locker.resetPhases()
    checkpoints.clear()
    crossfade.clear()
    // The first frame reaches back to the first history frame; frames up to the one centred
    // just after the restart point keep their analysis phases.
    var start = VocoderCursor()
    start.frameIndex = 1 - (size / 2 + history) / hop
    start.previousCenter = Double(inputPosition + (start.frameIndex - 1) * hop)
    start.previousStart = Int(start.previousCenter) - size / 2
    start.identityFramesLeft = size / (2 * hop) - start.frameIndex
    cursor = start
    anchorInput = Double(inputPosition)
    anchorIntermediate = 0
    queue.reset(start: -history, readStart: 0)
  }

  /// Sets the mapping `T` from intermediate frames to input time.
  func retarget(anchorInput: Double, anchorIntermediate: Double, inputPerIntermediate: Double) {
    self.anchorInput = anchorInput
    self.anchorIntermediate = anchorIntermediate
    self.inputPerIntermediate = inputPerIntermediate
  }

  /// Analyzes, locks and overlap-adds one frame, then emits the `hop` frames it completed.
  /// `guide` is the long-window vocoder whose phases this one follows in the bins both render.
  func synthesizeHop(
    input: StretchInput, onsets: OnsetDetector, queue: IntermediateQueue,
    guide: PhaseVocoder? = nil
  ) {
    saveCheckpoint(queue: queue)
    let (center, identity) = scheduleFrame(input: input, onsets: onsets)
    let start = Int((center - Double(size / 2)).rounded())
    let sounding = analyze(
      start: start, center: center, identity: identity, input: input, guide: guide)
    let firstFinal = cursor.frameIndex * hop - size / 2
    overlapAdd(sounding: sounding, into: firstFinal >= -history ? queue : nil)
    cursor.frameIndex += 1
    cursor.previousCenter = center
    cursor.previousStart = start
    if handlesOnsets { onsets.forget(before: oldestInputNeeded + size) }
  }

  /// Windows, transforms and phase-locks one frame into `frames`; false for silence.
  private func analyze(
    start: Int, center: Double, identity: Bool, input: StretchInput, guide: PhaseVocoder?
  ) -> Bool {
    var energy: Float = 0
    for channel in 0..<channels {
      let frame = frames[channel].pointer
      input.read(channel: channel, start: start, count: size, into: frame)
      for index in 0..<size {
        frame[index] *= window.pointer[index]
        energy += frame[index] * frame[index]
      }
    }
    if energy < StretchTuning.silenceEnergyPerSample * Float(size * channels) {
      // Silence: nothing to add; the next sounding frame starts with its own phases.
      cursor.hasPrevious = false
      locker.resetPhases()
      return false
    }
    for channel in 0..<channels {
      fft.forward(frames[channel].pointer, spectra[channel].pointer)
      band?.apply(to: spectra[channel].pointer, bins: bins)
      applyBandLimit(to: spectra[channel].pointer)
    }
    makeReference()
    if !cursor.hasPrevious || (identity && phaseResetBin == 0) {
      locker.resetPhases()
    } else {
      // A band's onset resets only the bins it renders alone: the crossover's bins keep turning
      // with the other band's, or a partial there would partly cancel after every attack.
      locker.lock(
        reference: reference.pointer, previous: previousReference.pointer,
        spectra: spectrumPointers, analysisHop: max(start - cursor.previousStart, 1),
        synthesisHop: hop, resetFrom: identity ? phaseResetBin : .max)
    }
    if let guide { follow(guide, center: center) }
    swap(&reference, &previousReference)
    cursor.hasPrevious = true
    for channel in 0..<channels { fft.inverse(spectra[channel].pointer, frames[channel].pointer) }
    return true
  }

  /// The channel sum of this frame's spectra, before any rotation.
  private func makeReference() {
    let count = 2 * bins
    reference.pointer.update(from: spectra[0].pointer, count: count)
    for channel in 1..<max(channels, 1) {
      let spectrum = spectra[channel].pointer
      for index in 0..<count { reference.pointer[index] += spectrum[index] }
    }
  }

  /// Adds the frame (when `sounding`) to the pending sums, emits the first `hop` finished frames
  /// into `queue` (when given) and moves the rest, shifted by `hop`, into the next slot.
  private func overlapAdd(sounding: Bool, into queue: IntermediateQueue?) {
    let nextSlot = (cursor.slot + 1) % accumulators.count
    let sums = accumulators[cursor.slot].pointer
    let next = accumulators[nextSlot].pointer
    let destination = queue?.reserve(hop)
    for channel in 0..<channels {
      let pending = sums + channel * size
      let shifted = next + channel * size
      if sounding {
        let frame = frames[channel].pointer
        if let destination {
          for index in 0..<hop {
            destination[index * channels + channel] =
              pending[index] + frame[index] * window.pointer[index] * outputScale
          }
        }
        for index in hop..<size {
          shifted[index - hop] = pending[index] + frame[index] * window.pointer[index] * outputScale
        }
      } else {
        if let destination {
          for index in 0..<hop { destination[index * channels + channel] = pending[index] }
        }
        shifted.update(from: pending + hop, count: size - hop)
      }
      (shifted + size - hop).update(repeating: 0, count: hop)
    }
    cursor.slot = nextSlot
    if let queue, let destination {
      crossfade.apply(to: destination, at: queue.writePosition, frames: hop)
      queue.commit(hop)
    }
  }
}
