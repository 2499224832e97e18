import Foundation

/// Which notes are sounding in a short window of audio: the analysis behind the keyboard strip
/// that lights the notes at the playhead (issue 22).
///
/// Configure once, then ask as often as needed: `init` plans the FFT and allocates every buffer,
/// ``notes(window:)`` and ``notes(at:in:)`` allocate nothing, so a live engine can ask from its
/// rendering thread. The same samples give the same notes and saliences, to the bit (the FFT is
/// planned with `FFTW_ESTIMATE`, see `RealFFT`).
///
/// How it listens: the window (Hann, ``NoteEstimatorConfiguration/windowSeconds``, channels
/// averaged) is zero-padded to at least four times its length and transformed; spectral peaks
/// (the loudest bin within two bins of resolution, refined by parabolic interpolation) are the
/// partials. Each piano key A0…C8 is a candidate fundamental whose salience is the weighted sum of
/// its partials' amplitudes (Klapuri 2006), partial h looked for where partial h − 1 predicts it,
/// so a piano's stretched partials are followed. The most salient candidate is taken, its
/// partials' spectrally smoothed amplitudes (each at most the mean of its neighbours) are
/// subtracted, and the search repeats: a note's own harmonics (the octave, the twelfth) are used
/// up by the note and do not light, while a really played octave leaves the even partials louder
/// than their neighbours and does. It stops at the configuration's relative threshold, absolute
/// floor or maximum polyphony. A candidate needs its fundamental: the common subharmonic of a
/// chord does not light, nor does a low note whose fundamental a recording lost.
///
/// Latency: a window centred on the playhead (``notes(at:in:)``) reads ``lookaheadSeconds``
/// (46.4 ms by default) past it and nothing later; an engine that renders ahead has those
/// samples, and the strip is then in time with the playhead. A caller with only past samples
/// passes the window that ends at the playhead and the strip lags by ``lookaheadSeconds``.
///
/// Transposition is the caller's: the strip shows ``NoteSet/transposed(bySemitones:)`` of what
/// the estimator heard in the unshifted audio (or the estimator runs on the shifted output).
/// Not `Sendable`: one thread at a time.
public final class SoundingNotesEstimator {
  /// What it was configured with.
  public let configuration: NoteEstimatorConfiguration
  /// Frames per window (interleaved samples: this times the channel count).
  public let windowFrames: Int
  /// The notes of the last window analysed.
  public private(set) var lastNotes = NoteSet()

  private let fft: RealFFT
  private let time: AlignedFloats
  private let spectrum: AlignedFloats
  private let window: UnsafeMutableBufferPointer<Float>
  private let magnitude: UnsafeMutableBufferPointer<Float>
  private let peakFrequency: UnsafeMutableBufferPointer<Double>
  private let peakAmplitude: UnsafeMutableBufferPointer<Float>
  private let residual: UnsafeMutableBufferPointer<Float>
  /// Per harmonic 1…maximumHarmonics of the candidate being subtracted: its peak or −1.
  private let matched: UnsafeMutableBufferPointer<Int>
  /// Per harmonic (0 and maximumHarmonics + 1 stay 0): the matched peaks' amplitudes.
  private let partials: UnsafeMutableBufferPointer<Float>
  /// Per MIDI note: relative salience in the last window, 0 when not sounding.
  private let saliences: UnsafeMutableBufferPointer<Float>
  /// Per MIDI note: the equal-tempered fundamental (A4 = 440 Hz).
  private let fundamentals: UnsafeMutableBufferPointer<Double>
  private var peakCount = 0
  /// MIDI notes a set can hold, and the piano's lowest and highest key: constants read once,
  /// because a `ClosedRange` iterated or asked on the audio path allocates in a debug build.
  private let noteCount = NoteSet.midiRange.count
  private let lowestKey = NoteSet.pianoRange.lowerBound
  private let highestKey = NoteSet.pianoRange.upperBound
  private let binHertz: Double
  private let lowestBin: Int
  private let highestBin: Int
  private let neighbourhood: Int
  private let amplitudeScale: Float

  /// Plans the FFT and allocates every buffer. Throws `StretchError` when FFTW cannot plan or
  /// allocate; a configuration without a positive sample rate or channel count is a programmer
  /// error and traps.
  public init(configuration: NoteEstimatorConfiguration) throws {
    precondition(configuration.sampleRate > 0 && configuration.channels > 0)
    self.configuration = configuration
    let frames = configuration.windowFrames
    windowFrames = frames
    var size = 64
    while size < NoteTuning.zeroPadding * frames { size *= 2 }
    fft = try RealFFT(size: size)
    time = try AlignedFloats(count: size)
    spectrum = try AlignedFloats(count: 2 * (size / 2 + 1))
    window = .allocate(capacity: frames)
    var windowSum: Float = 0
    for index in 0..<frames {
      let value = Float(0.5 - 0.5 * cos(2 * Double.pi * Double(index) / Double(frames)))
      window[index] = value
      windowSum += value
    }
    amplitudeScale = 2 / windowSum
    binHertz = configuration.sampleRate / Double(size)
    neighbourhood = max(1, Int(NoteTuning.peakNeighbourhood * Double(size) / Double(frames)))
    lowestBin = max(1, Int(NoteTuning.minimumFrequency / binHertz))
    let top = min(NoteTuning.maximumFrequency, configuration.sampleRate / 2) / binHertz
    highestBin = max(lowestBin + 1, min(size / 2 - neighbourhood - 1, Int(top)))
    magnitude = .allocate(capacity: size / 2 + 1)
    magnitude.initialize(repeating: 0)
    peakFrequency = .allocate(capacity: NoteTuning.maximumPeaks)
    peakFrequency.initialize(repeating: 0)
    peakAmplitude = .allocate(capacity: NoteTuning.maximumPeaks)
    peakAmplitude.initialize(repeating: 0)
    residual = .allocate(capacity: NoteTuning.maximumPeaks)
    residual.initialize(repeating: 0)
    matched = .allocate(capacity: NoteTuning.maximumHarmonics + 2)
    matched.initialize(repeating: -1)
    partials = .allocate(capacity: NoteTuning.maximumHarmonics + 2)
    partials.initialize(repeating: 0)
    saliences = .allocate(capacity: NoteSet.midiRange.count)
    saliences.initialize(repeating: 0)
    fundamentals = .allocate(capacity: NoteSet.midiRange.count)
    for note in NoteSet.midiRange { fundamentals[note] = 440 * pow(2, Double(note - 69) / 12) }
  }

  deinit {
    window.deallocate()
    magnitude.deallocate()
    peakFrequency.deallocate()
    peakAmplitude.deallocate()
    residual.deallocate()
    matched.deallocate()
    partials.deallocate()
    saliences.deallocate()
    fundamentals.deallocate()
  }

  /// How far past the playhead a centred window reads: half the window (46.4 ms by default).
  public var lookaheadSeconds: Double { Double(windowFrames / 2) / configuration.sampleRate }

  /// The notes sounding in `samples`, exactly ``windowFrames`` interleaved frames (fewer or more
  /// is a programmer error and traps). Allocates nothing.
  @discardableResult
  public func notes(window samples: UnsafeBufferPointer<Float>) -> NoteSet {
    precondition(samples.count == windowFrames * configuration.channels)
    return analyse(samples, firstFrame: 0)
  }

  /// The notes sounding around `frame` of the interleaved `samples`: the window of
  /// ``windowFrames`` frames whose centre is `frame`, frames `frame − windowFrames / 2` up to
  /// and including `frame + windowFrames / 2 − 1` (none later: ``lookaheadSeconds``). Frames
  /// outside `samples` count as silence. Allocates nothing.
  @discardableResult
  public func notes(at frame: Int, in samples: UnsafeBufferPointer<Float>) -> NoteSet {
    analyse(samples, firstFrame: frame - windowFrames / 2)
  }

  /// The salience of `midi` in the last window (see ``SoundingNote/salience``), 0 when it was
  /// not sounding. Allocates nothing.
  public func salience(ofMIDI midi: Int) -> Float {
    midi >= 0 && midi < noteCount ? saliences[midi] : 0
  }

  /// The last window's notes with their saliences, lowest first (allocates).
  public var lastSoundingNotes: [SoundingNote] {
    lastNotes.midiNotes.map { SoundingNote(midi: $0, salience: saliences[$0]) }
  }

  /// The notes sounding around `seconds` in `samples` (interleaved, as configured): a one-off
  /// estimator's ``notes(at:in:)``. Throws `StretchError` when FFTW cannot plan.
  public static func soundingNotes(
    in samples: [Float], configuration: NoteEstimatorConfiguration, atSeconds seconds: Double
  ) throws -> [SoundingNote] {
    let estimator = try SoundingNotesEstimator(configuration: configuration)
    let frame = Int((seconds * configuration.sampleRate).rounded())
    samples.withUnsafeBufferPointer { _ = estimator.notes(at: frame, in: $0) }
    return estimator.lastSoundingNotes
  }

  private func analyse(_ samples: UnsafeBufferPointer<Float>, firstFrame: Int) -> NoteSet {
    let channels = configuration.channels
    let availableFrames = samples.count / channels
    let gain = 1 / Float(channels)
    time.zero()
    for index in 0..<windowFrames {
      let frame = firstFrame + index
      guard frame >= 0, frame < availableFrames else { continue }
      var sum: Float = 0
      for channel in 0..<channels { sum += samples[frame * channels + channel] }
      time.pointer[index] = sum * gain * window[index]
    }
    fft.forward(time.pointer, spectrum.pointer)
    saliences.update(repeating: 0)
    lastNotes = NoteSet()
    pickPeaks()
    if peakCount > 0 { findNotes() }
    return lastNotes
  }

  /// Fills the peak lists, sorted by frequency, with the spectrum's partials.
  private func pickPeaks() {
    peakCount = 0
    var loudest: Float = 0
    for bin in (lowestBin - 1)..<(highestBin + neighbourhood + 1) {
      let re = spectrum.pointer[2 * bin]
      let im = spectrum.pointer[2 * bin + 1]
      let value = (re * re + im * im).squareRoot() * amplitudeScale
      magnitude[bin] = value
      if bin >= lowestBin, bin <= highestBin { loudest = max(loudest, value) }
    }
    let floor = max(loudest * NoteTuning.peakFloorRelative, 1e-6)
    var bin = lowestBin
    while bin <= highestBin {
      defer { bin += 1 }
      let value = magnitude[bin]
      guard value >= floor, value >= magnitude[bin - 1], value > magnitude[bin + 1] else {
        continue
      }
      var isPeak = true
      for other in max(0, bin - neighbourhood)..<(bin + neighbourhood + 1)
      where magnitude[other] > value {
        isPeak = false
        break
      }
      guard isPeak else { continue }
      let left = log(max(magnitude[bin - 1], 1e-12))
      let centre = log(value)
      let right = log(max(magnitude[bin + 1], 1e-12))
      let curvature = left - 2 * centre + right
      let offset = curvature < 0 ? 0.5 * (left - right) / curvature : 0
      let amplitude = exp(centre - 0.25 * (left - right) * offset)
      addPeak(frequency: (Double(bin) + Double(offset)) * binHertz, amplitude: amplitude)
    }
  }

  /// Appends a peak; when the list is full the quietest peak makes room for a louder one.
  private func addPeak(frequency: Double, amplitude: Float) {
    if peakCount == NoteTuning.maximumPeaks {
      var quietest = 0
      for index in 1..<peakCount where peakAmplitude[index] < peakAmplitude[quietest] {
        quietest = index
      }
      guard peakAmplitude[quietest] < amplitude else { return }
      for index in quietest..<(peakCount - 1) {
        peakFrequency[index] = peakFrequency[index + 1]
        peakAmplitude[index] = peakAmplitude[index + 1]
      }
      peakCount -= 1
    }
    peakFrequency[peakCount] = frequency
    peakAmplitude[peakCount] = amplitude
    residual[peakCount] = amplitude
    peakCount += 1
  }

  /// Takes the most salient candidate, subtracts its partials, repeats.
  private func findNotes() {
    var strongest: Float = 0
    for _ in 0..<max(0, configuration.maximumPolyphony) {
      var best = -1
      var bestSalience: Float = 0
      for note in lowestKey..<(highestKey + 1)
      where fundamentals[note] < NoteTuning.maximumFrequency && !lastNotes.contains(note) {
        let value = salience(of: note, recording: false)
        if value > bestSalience {
          best = note
          bestSalience = value
        }
      }
      guard best >= 0, bestSalience >= configuration.absoluteFloor else { return }
      if strongest == 0 { strongest = bestSalience }
      guard bestSalience >= configuration.relativeThreshold * strongest else { return }
      lastNotes.insert(best)
      saliences[best] = bestSalience / strongest
      _ = salience(of: best, recording: true)
      subtractPartials()
    }
  }

  /// The weighted sum of the candidate's partials' residual amplitudes, 0 when its fundamental
  /// is missing; `recording` keeps which peak each harmonic matched in `matched`.
  private func salience(of note: Int, recording: Bool) -> Float {
    let nominal = fundamentals[note]
    let tolerance = pow(2, NoteTuning.partialToleranceCents / 1200) - 1
    let lowest = nominal / (1 + tolerance)
    let highest = nominal * pow(2, NoteTuning.maximumStretchCents / 1200)
    var reference = nominal
    var sum: Float = 0
    var fundamental: Float = 0
    var loudest: Float = 0
    if recording { matched.update(repeating: -1) }
    for harmonic in 1..<(NoteTuning.maximumHarmonics + 1) {
      let expected = Double(harmonic) * reference
      guard expected <= NoteTuning.maximumFrequency else { break }
      let width = min(expected * tolerance, NoteTuning.partialToleranceFraction * reference)
      let peak = nearestPeak(to: expected, within: width)
      guard peak >= 0 else {
        if harmonic == 1, !recording { return 0 }
        continue
      }
      if recording { matched[harmonic] = peak }
      reference = min(max(peakFrequency[peak] / Double(harmonic), lowest), highest)
      let amplitude = residual[peak]
      let weight =
        (nominal + NoteTuning.weightAlpha)
        / (Double(harmonic) * nominal + NoteTuning.weightBeta)
      sum += Float(weight) * amplitude
      loudest = max(loudest, amplitude)
      if harmonic == 1 {
        // No fundamental, no note: most candidates stop here, which keeps a window cheap.
        guard amplitude > 0 || recording else { return 0 }
        fundamental = amplitude
      }
    }
    guard fundamental > 0, fundamental >= NoteTuning.fundamentalFraction * loudest else {
      return 0
    }
    return sum
  }

  /// Subtracts the matched partials' smoothed amplitudes from the residual: the fundamental
  /// whole, partial h at most the mean of its neighbours h − 1 and h + 1 as they were in the
  /// spectrum, so a partial shared with another note (louder than the series around it) leaves
  /// that note's part. The mean, not the louder neighbour: under a strong fundamental (a plucked
  /// C4) the louder neighbour left too little of a played octave to light it (C4 + C5 and G4 +
  /// G5 guitar-like missed the octave; the synthetic set's recall rose from 0.985 to 0.992,
  /// precision fell from 0.992 to 0.989). The neighbours' spectrum amplitudes, not their
  /// residuals: a note found earlier may have used up a neighbour it shares, which must not
  /// leave this note's own partial behind to light the twelfth above it (it did, in 8 of 18
  /// piano-like triads, before).
  private func subtractPartials() {
    let last = NoteTuning.maximumHarmonics
    for harmonic in 0..<(last + 2) {
      let peak = harmonic >= 1 && harmonic <= last ? matched[harmonic] : -1
      partials[harmonic] = peak >= 0 ? peakAmplitude[peak] : 0
    }
    for harmonic in 1..<(last + 1) where matched[harmonic] >= 0 {
      let peak = matched[harmonic]
      let smooth =
        harmonic == 1
        ? residual[peak]
        : min(residual[peak], 0.5 * (partials[harmonic - 1] + partials[harmonic + 1]))
      residual[peak] = max(0, residual[peak] - smooth)
    }
  }

  /// The peak nearest `frequency` and at most `width` Hz away, or −1.
  private func nearestPeak(to frequency: Double, within width: Double) -> Int {
    let low = frequency - width
    var lower = 0
    var upper = peakCount
    while lower < upper {
      let middle = (lower + upper) / 2
      if peakFrequency[middle] < low { lower = middle + 1 } else { upper = middle }
    }
    var best = -1
    var index = lower
    while index < peakCount, peakFrequency[index] <= frequency + width {
      if best < 0 || abs(peakFrequency[index] - frequency) < abs(peakFrequency[best] - frequency) {
        best = index
      }
      index += 1
    }
    return best
  }
}
