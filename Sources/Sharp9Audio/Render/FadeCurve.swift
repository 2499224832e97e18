import Foundation

/// The equal-power fade shared by every voice: `gain(level) = sin(π/2 · level / length)`, so a
/// voice fading out (`cos`) and one fading in (`sin`) over the same frames keep constant power.
/// Precomputed once, so fading costs one table read per frame.
struct FadeCurve {
  /// Frames from silence to full level.
  let length: Int
  private let gains: [Float]

  /// Builds the table for a fade of `length` frames (at least 1).
  init(length: Int) {
    self.length = max(1, length)
    gains = (0...self.length).map {
      Float(sin(Double.pi / 2 * Double($0) / Double(max(1, length))))
    }
  }

  /// The gain at `level` (0…length).
  @inline(__always) func gain(_ level: Int) -> Float { gains[level] }
}
