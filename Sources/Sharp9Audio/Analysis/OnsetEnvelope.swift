import Foundation

/// How much new sound starts at each instant: the onset-strength envelope the tempo and the beats
/// are found in, one value per ``BeatTuning/hopSec`` (10 ms).
///
/// `strength[k]` is the log-compressed spectral flux of frame `k`: the mel band magnitudes of a
/// Hann-windowed spectrum centered at `k × framePeriod` seconds, compressed as
/// log(1 + 1000 × magnitude), and their increases since frame `k − 1` averaged over the bands
/// (decreases count as zero). `low[k]` is the increase of the summed linear magnitude of the
/// bands below ``BeatTuning/downbeatBandHz``: the kick and the bass, where bars start.
struct OnsetEnvelope: Equatable {
  /// Onset strength per frame (0 for the first).
  var strength: [Float]
  /// Low-band onset strength per frame.
  var low: [Float]
  /// Seconds between frames.
  var framePeriod: Double
}

/// Builds an ``OnsetEnvelope`` from a mono signal fed in chunks of any size; the result does not
/// depend on the chunking. Allocates the FFT and its buffers once, in `init`.
final class OnsetEnvelopeBuilder {
  /// Samples between frames.
  let hop: Int
  /// Window length (a power of two).
  let size: Int
  private let framePeriod: Double
  private let fft: RealFFT
  private let window: [Float]
  private let bands: MelBands
  private let lowBandCount: Int
  private let time: AlignedFloats
  private let spectrum: AlignedFloats
  private var magnitudes: [Float]
  private var previous: [Float]
  private var previousLow: Float = 0
  private var pending: [Float]
  private var strength: [Float] = []
  private var low: [Float] = []
  private var samplesSeen = 0

  /// A builder for a signal at `sampleRate` Hz.
  init(sampleRate: Double) throws {
    hop = max(1, Int((BeatTuning.hopSec * sampleRate).rounded()))
    var size = 16
    while Double(size) < BeatTuning.windowSec * sampleRate { size *= 2 }
    self.size = size
    framePeriod = Double(hop) / sampleRate
    fft = try RealFFT(size: size)
    time = try AlignedFloats(count: size)
    spectrum = try AlignedFloats(count: 2 * (size / 2 + 1))
    // Periodic Hann, scaled so a full-scale sine's band magnitude is about 1.
    window = (0..<size).map { index in
      Float((0.5 - 0.5 * cos(2 * Double.pi * Double(index) / Double(size))) * 4 / Double(size))
    }
    bands = MelBands(size: size, sampleRate: sampleRate)
    lowBandCount = bands.bands.filter { $0.centerHz < BeatTuning.downbeatBandHz }.count
    magnitudes = Array(repeating: 0, count: size / 2 + 1)
    previous = Array(repeating: 0, count: bands.bands.count)
    // Frames are centered: frame k's window starts half a window before sample k × hop.
    pending = Array(repeating: 0, count: size / 2)
  }

  /// Adds the next samples of the signal.
  func append(_ samples: [Float]) {
    pending.append(contentsOf: samples)
    samplesSeen += samples.count
    var start = 0
    while start + size <= pending.count {
      analyzeFrame(at: start)
      start += hop
    }
    pending.removeFirst(start)
  }

  /// The envelope: frames centered on every `hop`-th sample of the signal (the end padded with
  /// silence).
  func finish() -> OnsetEnvelope {
    let frames = samplesSeen == 0 ? 0 : (samplesSeen - 1) / hop + 1
    pending.append(contentsOf: repeatElement(0, count: size))
    var start = 0
    while strength.count < frames {
      analyzeFrame(at: start)
      start += hop
    }
    pending.removeAll()
    return OnsetEnvelope(strength: strength, low: low, framePeriod: framePeriod)
  }

  private func analyzeFrame(at start: Int) {
    pending.withUnsafeBufferPointer { samples in
      window.withUnsafeBufferPointer { window in
        for index in 0..<size { time.pointer[index] = samples[start + index] * window[index] }
      }
    }
    fft.forward(time.pointer, spectrum.pointer)
    let bins = size / 2 + 1
    magnitudes.withUnsafeMutableBufferPointer { magnitudes in
      for bin in 0..<bins {
        let real = spectrum.pointer[2 * bin]
        let imaginary = spectrum.pointer[2 * bin + 1]
        magnitudes[bin] = (real * real + imaginary * imaginary).squareRoot()
      }
    }
    var flux: Float = 0
    var lowSum: Float = 0
    for (index, band) in bands.bands.enumerated() {
      var magnitude: Float = 0
      for (offset, weight) in band.weights.enumerated() {
        magnitude += weight * magnitudes[band.firstBin + offset]
      }
      if index < lowBandCount { lowSum += magnitude }
      let compressed = log1p(BeatTuning.compression * magnitude)
      if strength.isEmpty == false { flux += max(0, compressed - previous[index]) }
      previous[index] = compressed
    }
    strength.append(bands.bands.isEmpty ? 0 : flux / Float(bands.bands.count))
    low.append(low.isEmpty ? 0 : max(0, lowSum - previousLow))
    previousLow = lowSum
  }
}
