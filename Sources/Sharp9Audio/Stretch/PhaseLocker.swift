import Foundation

/// Identity phase locking (Laroche & Dolson, "Improved phase vocoder time-scale modification of
/// audio", 1999), computed once on a reference spectrum shared by all channels.
///
/// Each spectral peak's phase advances at its measured instantaneous frequency; every bin of the
/// peak's region (up to the lowest bin between two peaks) is rotated by the same angle as its
/// peak, which keeps a partial's bins coherent and removes the "phasiness" of a plain vocoder.
/// Rotating every channel by the reference's angles keeps the phase differences between channels
/// exactly, so the stereo image neither smears nor wanders.
final class PhaseLocker {
  private let size: Int
  private let bins: Int
  /// The bins that can be non-zero (a band's); the others are never searched or rotated.
  private let active: Range<Int>
  private let power: AlignedFloats
  /// The rotation (radians) applied to each bin in the previous frame.
  private let rotation: AlignedFloats
  private let peakTheta: AlignedFloats
  private let peaks: UnsafeMutablePointer<Int32>
  /// One past the last bin of each peak's region in the last `lock`.
  private let regionEnds: UnsafeMutablePointer<Int32>
  /// Peaks whose regions the last `lock` rotated (0 after a reset).
  private var lockedPeaks = 0

  /// Allocates for `size`-point spectra whose non-zero bins lie in `active` (nil: all).
  init(size: Int, active: Range<Int>? = nil) throws {
    self.size = size
    bins = size / 2 + 1
    self.active = active ?? 0..<(size / 2 + 1)
    power = try AlignedFloats(count: bins)
    rotation = try AlignedFloats(count: bins)
    peakTheta = try AlignedFloats(count: bins)
    peaks = UnsafeMutablePointer<Int32>.allocate(capacity: bins)
    regionEnds = UnsafeMutablePointer<Int32>.allocate(capacity: bins)
  }

  deinit {
    peaks.deallocate()
    regionEnds.deallocate()
  }

  /// Makes the next frame keep its analysis phases (a phase reset, used at onsets).
  func resetPhases() {
    rotation.zero()
    lockedPeaks = 0
  }

  /// Copies the current per-bin rotation (`size / 2 + 1` floats) into `destination`.
  func copyRotation(into destination: UnsafeMutablePointer<Float>) {
    destination.update(from: rotation.pointer, count: bins)
  }

  /// Restores a rotation saved by `copyRotation(into:)`.
  func setRotation(from source: UnsafePointer<Float>) {
    rotation.pointer.update(from: source, count: bins)
  }

  /// Rotates `spectra` (interleaved re/im) so their phases continue those of the previous
  /// synthesis frame.
  /// - Parameters:
  ///   - reference: this frame's unrotated reference spectrum (channel sum).
  ///   - previous: the previous frame's unrotated reference spectrum.
  ///   - analysisHop: input frames between the two analysis windows (> 0).
  ///   - synthesisHop: output frames between the two synthesis windows.
  ///   - resetFrom: bins from this one on keep their analysis phases (a phase reset above it);
  ///     `size / 2 + 1` or more locks every bin.
  func lock(
    reference: UnsafePointer<Float>, previous: UnsafePointer<Float>,
    spectra: [UnsafeMutablePointer<Float>], analysisHop: Int, synthesisHop: Int,
    resetFrom: Int = .max
  ) {
    let peakCount = findPeaks(reference)
    guard peakCount > 0 else {
      lockedPeaks = 0
      resetPhases(from: resetFrom)
      return
    }
    let binAngle = 2 * Double.pi / Double(size)
    let stretch = Double(synthesisHop) / Double(analysisHop)
    for index in 0..<peakCount {
      let peak = Int(peaks[index])
      let re = Double(reference[2 * peak]), im = Double(reference[2 * peak + 1])
      let pre = Double(previous[2 * peak]), pim = Double(previous[2 * peak + 1])
      // Phase change between the analysis frames: angle of X · conj(X_prev).
      let measured = atan2(im * pre - re * pim, re * pre + im * pim)
      let expected = binAngle * Double(peak) * Double(analysisHop)
      let advance = (expected + principal(measured - expected)) * stretch
      peakTheta.pointer[index] = Float(
        principal(Double(rotation.pointer[peak]) + advance - measured))
    }
    var lower = active.lowerBound
    lockedPeaks = 0
    for index in 0..<peakCount {
      let end =
        index == peakCount - 1
        ? active.upperBound : regionEnd(Int(peaks[index]), Int(peaks[index + 1]))
      let upper = min(end, resetFrom)
      if upper <= lower { break }
      regionEnds[index] = Int32(upper)
      lockedPeaks = index + 1
      let theta = peakTheta.pointer[index]
      for bin in lower..<upper { rotation.pointer[bin] = theta }
      rotate(spectra, lower..<upper, by: theta)
      lower = upper
    }
    resetPhases(from: resetFrom)
  }

  /// Turns the peak regions of the last `lock` whose peak lies in `range` so their rotation
  /// equals the guide's at the peak's frequency (`guide[peak · stride]`, a rotation from a
  /// vocoder whose window is `stride` times longer and whose frame has the same analysis and
  /// synthesis centres): both then render the partials they share with the same phase.
  func follow(
    _ guide: PhaseLocker, stride: Int, peaksIn range: Range<Int>, weight: (Int) -> Float,
    spectra: [UnsafeMutablePointer<Float>]
  ) {
    var lower = active.lowerBound
    for index in 0..<lockedPeaks {
      let peak = Int(peaks[index])
      let upper = Int(regionEnds[index])
      defer { lower = upper }
      guard range.contains(peak), lower < upper,
        let target = guide.lockedRotation(near: peak * stride, within: stride)
      else { continue }
      let own = rotation.pointer[lower]
      let delta = weight(peak) * Float(principal(Double(target - own)))
      for bin in lower..<upper { rotation.pointer[bin] = own + delta }
      rotate(spectra, lower..<upper, by: delta)
    }
  }

  /// Rotates `bins` of every spectrum by `angle`.
  private func rotate(_ spectra: [UnsafeMutablePointer<Float>], _ bins: Range<Int>, by angle: Float)
  {
    let c = cos(angle), s = sin(angle)
    // Indexed, not `for … in`: a debug build iterates an array through the generic iterator,
    // whose read coroutine mallocs its frame on every element (the audio thread must not).
    for index in 0..<spectra.count {
      let spectrum = spectra[index]
      for bin in bins {
        let re = spectrum[2 * bin], im = spectrum[2 * bin + 1]
        spectrum[2 * bin] = re * c - im * s
        spectrum[2 * bin + 1] = re * s + im * c
      }
    }
  }

  /// The rotation the last `lock` gave the peak within `tolerance` bins of `bin`, or nil when it
  /// found no peak there (the partial is not one this vocoder tracked).
  func lockedRotation(near bin: Int, within tolerance: Int) -> Float? {
    // Binary search for the first locked peak at or above `bin - tolerance`.
    var low = 0
    var high = lockedPeaks
    while low < high {
      let middle = (low + high) / 2
      if Int(peaks[middle]) < bin - tolerance { low = middle + 1 } else { high = middle }
    }
    guard low < lockedPeaks, Int(peaks[low]) <= bin + tolerance else { return nil }
    return rotation.pointer[Int(peaks[low])]
  }

  /// Zeroes the rotation of the bins from `bin` on (their next frames start from their analysis
  /// phases).
  private func resetPhases(from bin: Int) {
    guard bin < bins else { return }
    (rotation.pointer + bin).update(repeating: 0, count: bins - bin)
  }

  /// Local maxima over `StretchTuning.peakNeighbours` neighbours each side, above the noise
  /// floor; returns their count.
  private func findPeaks(_ spectrum: UnsafePointer<Float>) -> Int {
    let power = power.pointer
    var loudest: Float = 0
    for bin in active {
      let value =
        spectrum[2 * bin] * spectrum[2 * bin] + spectrum[2 * bin + 1] * spectrum[2 * bin + 1]
      power[bin] = value
      loudest = max(loudest, value)
    }
    let floor = loudest * StretchTuning.peakFloorPower
    var count = 0
    for bin in active {
      let value = power[bin]
      guard value > floor else { continue }
      if bin >= 1, value <= power[bin - 1] { continue }
      if bin + 1 < bins, value < power[bin + 1] { continue }
      if StretchTuning.peakNeighbours >= 2 {
        if bin >= 2, value <= power[bin - 2] { continue }
        if bin + 2 < bins, value < power[bin + 2] { continue }
      }
      peaks[count] = Int32(bin)
      count += 1
    }
    return count
  }

  /// The first bin of the next peak's region: the quietest bin between the two peaks.
  private func regionEnd(_ peak: Int, _ next: Int) -> Int {
    var quietest = peak + 1
    for bin in (peak + 1)..<next where power.pointer[bin] < power.pointer[quietest] {
      quietest = bin
    }
    return quietest
  }

  /// The angle wrapped into −π…π.
  private func principal(_ angle: Double) -> Double {
    angle - 2 * Double.pi * (angle / (2 * Double.pi)).rounded()
  }
}
