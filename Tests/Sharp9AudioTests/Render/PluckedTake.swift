import Foundation

@testable import Sharp9Audio

/// A take played as a guitarist plays along, for `TakeStretchBenchmark`: plucked notes (an
/// attack of 1.5 ms, six harmonics at 1/k, the higher ones dying faster, as a string's do) on
/// the song's bursts in the loop, played along at ``playedSpeed`` and ``playedPitch`` (the
/// musician plays in the key they hear). And the ideal of it heard at another speed and pitch:
/// each note where the song's burst is heard, its attack as sharp as played (a stretcher should
/// not smear it), its decay stretched with the time, at the pitch heard.
enum PluckedTake {
  static let playedSpeed = 0.5
  static let playedPitch = 2.0
  /// The notes' fundamentals at the song's pitch, in turn: G3, B3, D4, G4.
  static let hertz = [196.0, 246.94, 293.66, 392.0]
  static let attackSec = 0.0015

  /// Sample `seconds` after a note's start: `hertz`'s fundamental, its decay times scaled by
  /// `decayScale`.
  static func note(_ seconds: Double, hertz: Double, decayScale: Double) -> Float {
    guard seconds >= 0 else { return 0 }
    let attack = min(1, seconds / attackSec)
    var sum = 0.0
    for harmonic in 1...6 {
      let k = Double(harmonic)
      let decay = exp(-seconds * (10 + 5 * k) / decayScale)
      sum += sin(2 * Double.pi * k * hertz * seconds) / k * decay
    }
    return Float(0.3 * attack * sum)
  }

  /// The song times of the notes: the song's bursts in the loop.
  static var noteTimes: [Double] {
    let loop = StretchedTakeTests.loop
    return StretchedTakeTests.clickTimes.filter { $0 >= loop.a && $0 < loop.b }
  }

  /// Mono frames at `rate` of the notes heard at `speed` and `pitch` from the loop's A: at
  /// ``playedSpeed`` and ``playedPitch`` the take itself, else its ideal.
  static func heard(speed: Double, pitch: Double, frames: Int) -> [Float] {
    let rate = Double(StretchedTakeTests.rate)
    let loopA = StretchedTakeTests.loop.a
    var samples = [Float](repeating: 0, count: frames)
    for (index, time) in noteTimes.enumerated() {
      let start = (time - loopA) / speed * rate
      let hertz = hertz[index % hertz.count] * pow(2, pitch / 12)
      let scale = playedSpeed / speed
      let first = Int(start.rounded(.up))
      for frame in first..<frames {
        samples[frame] += note((Double(frame) - start) / rate, hertz: hertz, decayScale: scale)
      }
    }
    return samples
  }

  /// Where ``heard(speed:pitch:frames:)``'s notes start, in frames from A (the first, on A
  /// itself, left out: the pass fades in there).
  static func onsets(speed: Double) -> [Double] {
    let rate = Double(StretchedTakeTests.rate)
    let loopA = StretchedTakeTests.loop.a
    return noteTimes.filter { $0 > loopA }.map { ($0 - loopA) / speed * rate }
  }
}
