import Foundation

/// The phase-vocoder stage: schedules analysis windows on the input, phase-locks their spectra
/// and overlap-adds them every `hop` frames into the intermediate stream.
///
/// Intermediate frame `i` stands for input time `T(i) = anchorInput + (i − anchorIntermediate) ·
/// inputPerIntermediate`. Each synthesis frame `m` is centred at intermediate `m · hop`; its
/// analysis centre follows `T(m · hop)`, except around onsets, where frames advance by exactly
/// `hop` (no stretch) with their phases reset so the attack is reproduced as recorded. The drift
/// this leaves is caught up by the next frames within `±50 %` of the nominal hop.
final class PhaseVocoder {
  let channels: Int
  let size: Int
  let hop: Int
  /// Intermediate frames emitted before the restart point, so a resampler has real history.
  let history: Int
  /// The furthest analysis centres may run ahead of or behind `T` (input frames).
  let maximumDrift: Double
  private let bins: Int
  private let fft: RealFFT
  private let window: AlignedFloats
  private let frames: [AlignedFloats]
  private let spectra: [AlignedFloats]
  private let spectrumPointers: [UnsafeMutablePointer<Float>]
  private var reference: AlignedFloats
  private var previousReference: AlignedFloats
  private let accumulators: [AlignedFloats]
  private let locker: PhaseLocker
  private let outputScale: Float

  private var frameIndex = 0
  private var previousCenter = 0.0
  private var previousStart = 0
  private var identityFramesLeft = 0
  private var hasPrevious = false
  private var anchorInput = 0.0
  private var anchorIntermediate = 0.0
  private var inputPerIntermediate = 1.0

  /// Allocates every buffer for `channels` channels, windows of `size` and a synthesis `hop`.
  init(channels: Int, size: Int, hop: Int) throws {
    self.channels = channels
    self.size = size
    self.hop = hop
    history = hop
    maximumDrift = Double(size)
    bins = size / 2 + 1
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
    accumulators = try (0..<channels).map { _ in try AlignedFloats(count: size) }
    locker = try PhaseLocker(size: size)
    // A periodic Hann window squared sums to 3/8 · size/hop over overlapping frames; the inverse
    // FFT scales by `size`.
    outputScale = Float(1 / (Double(size) * 0.375 * Double(size) / Double(hop)))
  }

  /// The oldest input frame the next analysis window can read.
  var oldestInputNeeded: Int { previousStart }

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
    for accumulator in accumulators { accumulator.zero() }
    locker.resetPhases()
    frameIndex = -size / (2 * hop)
    previousCenter = Double(inputPosition + (frameIndex - 1) * hop)
    previousStart = Int(previousCenter) - size / 2
    identityFramesLeft = size / hop
    hasPrevious = false
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
  func synthesizeHop(input: StretchInput, onsets: OnsetDetector, queue: IntermediateQueue) {
    let (center, identity) = scheduleFrame(input: input, onsets: onsets)
    let start = Int((center - Double(size / 2)).rounded())
    analyze(start: start, identity: identity, input: input)
    let firstFinal = frameIndex * hop - size / 2
    if firstFinal >= -history { emit(into: queue) }
    for accumulator in accumulators {
      accumulator.pointer.update(from: accumulator.pointer + hop, count: size - hop)
      (accumulator.pointer + size - hop).update(repeating: 0, count: hop)
    }
    frameIndex += 1
    previousCenter = center
    previousStart = start
  }

  /// Picks the next analysis centre and whether the frame keeps its analysis phases.
  ///
  /// An onset about to enter the window pulls the schedule onto the unstretched frames that put
  /// the attack exactly where `T` says it belongs, so attacks keep their timing as well as their
  /// shape; the frames containing it then advance by exactly `hop`.
  private func scheduleFrame(input: StretchInput, onsets: OnsetDetector) -> (Double, Bool) {
    let nominal = Double(hop) * inputPerIntermediate
    let position = Double(frameIndex * hop)
    let target = anchorInput + (position - anchorIntermediate) * inputPerIntermediate
    let searchEnd =
      Int(previousCenter + nominal * Double(StretchTuning.onsetPreparationHops + 2))
      + size / 2
    onsets.analyze(upTo: searchEnd + StretchTuning.onsetBlock, input: input)
    let onset = onsets.firstOnset(from: previousStart + size, to: searchEnd)
    if identityFramesLeft > 0 {
      identityFramesLeft -= 1
      let center = previousCenter + Double(hop)
      if let onset, onset < Int(center.rounded()) + size / 2 { extendIdentity(center, target) }
      return (center, true)
    }
    var desired = target
    var aligned: Double?
    if let onset {
      // Where the attack belongs in the intermediate stream, and the unstretched centre that
      // puts it there.
      let ideal = anchorIntermediate + (Double(onset) - anchorInput) / inputPerIntermediate
      if ideal - position <= Double(size / 2 + StretchTuning.onsetPreparationHops * hop) {
        aligned = Double(onset) + position - ideal
        desired = aligned ?? target
      }
    }
    var center =
      previousCenter
      + min(
        max(desired - previousCenter, nominal * StretchTuning.minimumHopFactor),
        nominal * StretchTuning.maximumHopFactor)
    guard let onset, onset < Int(center.rounded()) + size / 2 else { return (center, false) }
    if let aligned, aligned > previousCenter, abs(aligned - center) <= nominal {
      center = aligned
    }
    return (center, extendIdentity(center, target))
  }

  /// Keeps the next frames unstretched while the onset is in the window, unless that would
  /// drift further than `maximumDrift` from `T`.
  @discardableResult
  private func extendIdentity(_ center: Double, _ target: Double) -> Bool {
    let nominal = Double(hop) * inputPerIntermediate
    let frames = Double(size / hop - 1)
    let drift = center - target
    let ahead = drift + frames * max(0, Double(hop) - nominal)
    let behind = drift - frames * max(0, nominal - Double(hop))
    guard ahead <= maximumDrift, behind >= -maximumDrift else { return false }
    identityFramesLeft = size / hop - 1
    return true
  }

  private func analyze(start: Int, identity: Bool, input: StretchInput) {
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
      hasPrevious = false
      locker.resetPhases()
      return
    }
    for channel in 0..<channels { fft.forward(frames[channel].pointer, spectra[channel].pointer) }
    makeReference()
    if identity || !hasPrevious {
      locker.resetPhases()
    } else {
      locker.lock(
        reference: reference.pointer, previous: previousReference.pointer,
        spectra: spectrumPointers, analysisHop: max(start - previousStart, 1), synthesisHop: hop)
    }
    swap(&reference, &previousReference)
    hasPrevious = true
    for channel in 0..<channels {
      let frame = frames[channel].pointer
      fft.inverse(spectra[channel].pointer, frame)
      let accumulator = accumulators[channel].pointer
      for index in 0..<size {
        accumulator[index] += frame[index] * window.pointer[index] * outputScale
      }
    }
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

  private func emit(into queue: IntermediateQueue) {
    let destination = queue.reserve(hop)
    for channel in 0..<channels {
      let accumulator = accumulators[channel].pointer
      for index in 0..<hop { destination[index * channels + channel] = accumulator[index] }
    }
    queue.commit(hop)
  }
}
