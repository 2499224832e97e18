import CFFTW
import Foundation

/// The one place FFTW failures are checked: a NULL plan or allocation becomes a `StretchError`.
enum FFTW {
  /// FFTW's planner is not thread-safe: plans are created and destroyed under this lock.
  static let plannerLock = NSLock()

  /// Returns `value`, or throws when FFTW returned NULL for `operation`.
  static func checked<T>(_ value: T?, _ operation: String) throws -> T {
    guard let value else {
      throw StretchError(
        operation: operation, message: "FFTW returned NULL (out of memory or unsupported size)",
        remedy: "Check free memory and that libfftw3f is installed correctly.")
    }
    return value
  }
}

/// `count` floats from `fftwf_malloc`: SIMD-aligned, so every FFTW plan made on any of them
/// applies to all of them, which keeps the plan choice and therefore the output bit-identical.
final class AlignedFloats {
  /// The first float; valid for `count` floats until deinit.
  let pointer: UnsafeMutablePointer<Float>
  /// Number of floats.
  let count: Int

  /// Allocates `count` zeroed floats.
  init(count: Int) throws {
    let raw = fftwf_malloc(MemoryLayout<Float>.stride * max(count, 1))
    let base = try FFTW.checked(raw, "allocating \(count) aligned floats")
    pointer = base.bindMemory(to: Float.self, capacity: max(count, 1))
    pointer.initialize(repeating: 0, count: max(count, 1))
    self.count = count
  }

  /// Sets every float to zero.
  func zero() { pointer.update(repeating: 0, count: count) }

  deinit { fftwf_free(pointer) }
}

/// A real-to-complex / complex-to-real FFT pair of one size, planned once with `FFTW_ESTIMATE`.
///
/// `FFTW_MEASURE`/`FFTW_PATIENT` time candidate algorithms and may pick a different one on each
/// run, whose rounding differs in the last bit; `FFTW_ESTIMATE` picks by a fixed heuristic, so
/// the same input gives bit-identical output on every run. Spectra are interleaved re/im pairs,
/// `size / 2 + 1` of them; the inverse is unnormalized (scaled by `size`).
final class RealFFT {
  /// Transform length in samples.
  let size: Int
  private let forwardPlan: OpaquePointer
  private let inversePlan: OpaquePointer

  /// Plans both directions on scratch buffers aligned like every `AlignedFloats`.
  init(size: Int) throws {
    self.size = size
    let time = try AlignedFloats(count: size)
    let spectrum = try AlignedFloats(count: 2 * (size / 2 + 1))
    let flags = UInt32(FFTW_ESTIMATE)
    FFTW.plannerLock.lock()
    defer { FFTW.plannerLock.unlock() }
    forwardPlan = try FFTW.checked(
      fftwf_plan_dft_r2c_1d(Int32(size), time.pointer, Self.complex(spectrum.pointer), flags),
      "creating the \(size)-point forward FFT plan")
    guard
      let inverse = fftwf_plan_dft_c2r_1d(
        Int32(size), Self.complex(spectrum.pointer), time.pointer, flags)
    else {
      fftwf_destroy_plan(forwardPlan)
      throw StretchError(
        operation: "creating the \(size)-point inverse FFT plan",
        message: "FFTW returned NULL", remedy: "Check free memory and the libfftw3f install.")
    }
    inversePlan = inverse
  }

  /// Transforms `size` real samples into `size / 2 + 1` interleaved complex bins.
  func forward(_ time: UnsafeMutablePointer<Float>, _ spectrum: UnsafeMutablePointer<Float>) {
    fftwf_execute_dft_r2c(forwardPlan, time, Self.complex(spectrum))
  }

  /// Transforms bins back into `size` real samples (times `size`); overwrites `spectrum`.
  func inverse(_ spectrum: UnsafeMutablePointer<Float>, _ time: UnsafeMutablePointer<Float>) {
    fftwf_execute_dft_c2r(inversePlan, Self.complex(spectrum), time)
  }

  private static func complex(_ pointer: UnsafeMutablePointer<Float>)
    -> UnsafeMutablePointer<fftwf_complex>
  {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: fftwf_complex.self)
  }

  deinit {
    FFTW.plannerLock.lock()
    fftwf_destroy_plan(forwardPlan)
    fftwf_destroy_plan(inversePlan)
    FFTW.plannerLock.unlock()
  }
}
