/// Failures of the stretch engine's C library (FFTW): what failed, the library's
/// own message, and what to do.
public struct StretchError: Error, CustomStringConvertible, Sendable, Equatable {
  /// The operation that failed, e.g. "creating the 4096-point forward FFT plan".
  public var operation: String
  /// The library's message (a description of what FFTW returned).
  public var message: String
  /// What the user or caller can do about it.
  public var remedy: String

  /// One line: what failed, why, what to do.
  public var description: String { "\(operation) failed: \(message). \(remedy)" }
}
