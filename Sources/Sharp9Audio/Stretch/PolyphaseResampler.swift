/// The pitch stage's streaming resampler: a polyphase windowed-sinc filter bank designed once per
/// ratio from one of the `ResamplingFilters`, applied with SIMD dot products.
///
/// Output frame `j` after a `reset` is the input at position `Σ step` over the frames before it
/// (`j · step` at a constant step), zero delay: frames are held back until the filter has seen
/// enough input after that position. Positions between the bank's phases are interpolated
/// linearly between the two neighbouring phases' outputs, which errs by `(π / phases)² / 8` of
/// full scale at the Nyquist frequency (−107 dB at 512 phases).
///
/// Nothing allocates after `init`; a ratio change redesigns the bank in place (under a hundred
/// thousand table reads) unless it only moves within upsampling, whose bank does not depend on
/// the ratio.
final class PolyphaseResampler {
  private let filters: ResamplingFilters
  private let phases: Int
  private let channels: Int
  /// Input samples either side of the output position the longest bank reads.
  private let maximumHalfTaps: Int
  private let bufferFrames: Int
  /// Per-channel input, deinterleaved so the dot products read contiguous samples.
  private let buffer: AlignedFloats
  /// `phases + 1` rows of `tapCount` weights; row `p` is the filter for a fraction `p / phases`.
  private let bank: AlignedFloats
  private var halfTaps = 0
  private var tapCount = 0
  private var designedScale = 0.0
  private var designedSharp = false
  /// While the next output frame's buffer index is at or below this, the bank is `imaging`
  /// whatever the step (see `sharpen(throughNext:)`); nil otherwise.
  private var sharpThrough: Int?
  private var step = 1.0
  /// Buffer index of the sample at or before the next output position, and the fraction past it.
  private var base = 0
  private var fraction = 0.0
  /// Buffer frames filled with input.
  private var filled = 0

  /// Allocates the buffers for steps (input frames per output frame) up to `maximumStep`.
  init(filters: ResamplingFilters, channels: Int, maximumStep: Double) throws {
    self.filters = filters
    phases = filters.phases
    self.channels = channels
    // The longest bank: `imaging` at the largest step (used while a change is sharpened).
    maximumHalfTaps = max(
      Self.halfTaps(filters.imaging, scale: max(1, maximumStep)),
      Self.halfTaps(filters.decimating, scale: max(1, maximumStep)))
    let maximumTapCount = Self.tapCount(halfTaps: maximumHalfTaps)
    bufferFrames = 2 * maximumTapCount + 2048
    buffer = try AlignedFloats(count: bufferFrames * channels)
    bank = try AlignedFloats(count: (phases + 1) * maximumTapCount)
    design(step: 1)
    reset()
    // A debug build instantiates `SIMD8<Float>`'s metadata at each of the kernel's call sites
    // the first time it runs, which allocates: run it once here, not on the audio thread.
    _ = Self.dotProducts(bank.pointer, bank.pointer, bank.pointer, 8)
  }

  /// Forgets all input: the next input frame is position 0, preceded by silence.
  func reset() {
    buffer.zero()
    base = maximumHalfTaps
    filled = maximumHalfTaps
    fraction = 0
    sharpThrough = nil
  }

  /// Sets the input frames consumed per output frame (the pitch ratio), from the next output on.
  func setStep(_ newStep: Double) {
    step = newStep
    if max(1, newStep) != designedScale || designedSharp != (sharpThrough != nil) {
      design(step: newStep)
    }
  }

  /// Uses the sharp `imaging` prototype, whatever the step, until no output frame's filter reads
  /// the input buffered so far or the next `frames` input frames: after a change that lowers the
  /// vocoder's band limit, those frames were rendered under the old limit (the crossfade's old
  /// stream, the resampler's history) and `decimating`'s wide transition would fold their top
  /// into the band. `imaging` stops at 103.5 % of the output's Nyquist frequency, so what folds
  /// lands above 96.5 % of it.
  func sharpen(throughNext frames: Int) {
    let normal = Self.halfTaps(filters.filter(forStep: step), scale: max(1, step))
    sharpThrough = filled + frames + normal
    design(step: step)
  }

  /// Consumes up to `inputFrames` interleaved frames and writes up to `outputCapacity` frames at
  /// `step` input frames per output frame; returns how many frames were used and generated.
  ///
  /// It takes only the input the next output frame's filter reads, never more: what has been
  /// consumed is then a function of the output frames written, whatever the blocks, so a change
  /// that rewrites the frames not yet consumed (`TimeStretcher`'s take-back) acts the same in the
  /// live engine's callbacks and in the render's blocks.
  func process(
    input: UnsafePointer<Float>, inputFrames: Int, output: UnsafeMutablePointer<Float>,
    outputCapacity: Int, step newStep: Double
  ) -> (used: Int, generated: Int) {
    if newStep != step { setStep(newStep) }
    var used = 0
    var generated = 0
    let scaledPhases = Double(phases)
    while generated < outputCapacity {
      if let sharpThrough, base > sharpThrough {
        self.sharpThrough = nil
        design(step: step)
      }
      let missing = base - halfTaps + 1 + tapCount - filled
      if missing > 0 {
        // Appending may move the buffered input to the buffer's start: positions after it.
        let count = append(input + used * channels, min(missing, inputFrames - used))
        used += count
        if count < missing { break }
      }
      let start = base - halfTaps + 1
      let position = fraction * scaledPhases
      let phase = Int(position)
      let weight = Float(position - Double(phase))
      let lower = bank.pointer + phase * tapCount
      let frame = output + generated * channels
      for channel in 0..<channels {
        let samples = buffer.pointer + channel * bufferFrames + start
        let (a, b) = Self.dotProducts(samples, lower, lower + tapCount, tapCount)
        frame[channel] = a + (b - a) * weight
      }
      generated += 1
      fraction += step
      let whole = fraction.rounded(.down)
      base += Int(whole)
      fraction -= whole
    }
    return (used, generated)
  }

  /// Appends up to `frames` of `input`, first dropping the input the filter no longer reads when
  /// the buffer has no room (rarely: the buffer holds 2048 frames beyond the longest filter).
  private func append(_ input: UnsafePointer<Float>, _ frames: Int) -> Int {
    let keepFrom = min(base - maximumHalfTaps, filled)
    if bufferFrames - filled < frames, keepFrom > 0 {
      sharpThrough = sharpThrough.map { $0 - keepFrom }
      for channel in 0..<channels {
        let row = buffer.pointer + channel * bufferFrames
        row.update(from: row + keepFrom, count: filled - keepFrom)
      }
      base -= keepFrom
      filled -= keepFrom
    }
    let count = min(frames, bufferFrames - filled)
    for channel in 0..<channels {
      let row = buffer.pointer + channel * bufferFrames + filled
      for frame in 0..<count { row[frame] = input[frame * channels + channel] }
    }
    filled += count
    return count
  }

  /// Fills the bank for `step` (downsampling by it when above 1), each row normalized to unit DC
  /// gain so the phases cannot modulate the level.
  private func design(step: Double) {
    let scale = max(1, step)
    let filter = sharpThrough == nil ? filters.filter(forStep: step) : filters.imaging
    designedScale = scale
    designedSharp = sharpThrough != nil
    halfTaps = Self.halfTaps(filter, scale: scale)
    tapCount = Self.tapCount(halfTaps: halfTaps)
    for phase in 0...phases {
      let row = bank.pointer + phase * tapCount
      let offset = Double(phase) / Double(phases)
      var sum = 0.0
      for tap in 0..<tapCount {
        let time = (Double(tap - halfTaps + 1) - offset) / scale
        let value = filter.response(at: time)
        row[tap] = Float(value)
        sum += value
      }
      let gain = Float(1 / sum)
      for tap in 0..<tapCount { row[tap] *= gain }
    }
  }

  private static func halfTaps(_ filter: KaiserSincFilter, scale: Double) -> Int {
    Int((Double(filter.halfLength) * scale).rounded(.up)) + 1
  }

  /// Taps per row: both halves, rounded up to whole SIMD vectors (the extra weights are 0).
  private static func tapCount(halfTaps: Int) -> Int { (2 * halfTaps + 7) / 8 * 8 }

  /// `Σ x·a` and `Σ x·b` over `count` (a multiple of 8) samples, eight lanes at a time.
  @inline(__always)
  private static func dotProducts(
    _ x: UnsafePointer<Float>, _ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, _ count: Int
  ) -> (Float, Float) {
    var sumA = SIMD8<Float>()
    var sumB = SIMD8<Float>()
    let xRaw = UnsafeRawPointer(x)
    let aRaw = UnsafeRawPointer(a)
    let bRaw = UnsafeRawPointer(b)
    var offset = 0
    let bytes = count * MemoryLayout<Float>.stride
    while offset < bytes {
      let samples = xRaw.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
      sumA += samples * aRaw.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
      sumB += samples * bRaw.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
      offset += 8 * MemoryLayout<Float>.stride
    }
    return (sumA.sum(), sumB.sum())
  }
}
