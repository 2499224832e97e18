import Foundation

/// A minimal 16-bit PCM WAV writer for CLI tests (the CLI test target links no audio library).
enum WaveFile {
  /// Writes mono 16-bit `samples` at `sampleRate` to `url`.
  static func write(_ url: URL, sampleRate: Int, samples: [Int16]) throws {
    var data = Data()
    func append<T: FixedWidthInteger>(_ value: T) {
      withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
    data.append(contentsOf: Array("RIFF".utf8))
    append(UInt32(36 + samples.count * 2))
    data.append(contentsOf: Array("WAVEfmt ".utf8))
    append(UInt32(16))
    append(UInt16(1))
    append(UInt16(1))
    append(UInt32(sampleRate))
    append(UInt32(sampleRate * 2))
    append(UInt16(2))
    append(UInt16(16))
    data.append(contentsOf: Array("data".utf8))
    append(UInt32(samples.count * 2))
    for sample in samples { append(sample) }
    try data.write(to: url)
  }

  /// A sine of `hertz` at `amplitude` (of full scale) lasting `seconds`.
  static func sine(hertz: Double, seconds: Double, sampleRate: Int, amplitude: Double = 0.5)
    -> [Int16]
  {
    (0..<Int(seconds * Double(sampleRate))).map {
      Int16(amplitude * 32767 * sin(2 * Double.pi * hertz * Double($0) / Double(sampleRate)))
    }
  }
}
