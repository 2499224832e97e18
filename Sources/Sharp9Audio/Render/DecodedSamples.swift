/// A decoded source's samples (interleaved) in the cheapest form that gives back exactly the
/// floats ``AudioFileReader`` returned: 16-bit integers when every sample is `k / 32768` (what
/// libsndfile returns for 16-bit PCM: WAV, FLAC, AIFF; half the memory of floats), else the
/// floats themselves (MP3, Ogg, 24-bit, float files). Reading converts back by a multiplication
/// by 2⁻¹⁵, which is exact, so every reader sees the decoder's floats bit for bit.
enum DecodedSamples {
  /// Each sample times 32768.
  case pcm16(UnsafeMutableBufferPointer<Int16>)
  /// The samples as decoded.
  case float(UnsafeMutableBufferPointer<Float>)

  /// 2⁻¹⁵: an `Int16` sample back to the decoder's float.
  private static let pcm16Scale: Float = 1.0 / 32768

  /// `sample` as a 16-bit integer, when that gives it back exactly (not -0.0, whose sign bit an
  /// integer cannot keep).
  static func pcm16(exactly sample: Float) -> Int16? {
    guard let packed = Int16(exactly: sample * 32768), sample.sign == .plus || packed != 0
    else { return nil }
    return packed
  }

  /// The sample at `index`.
  subscript(index: Int) -> Float {
    switch self {
    case .pcm16(let samples): Float(samples[index]) * Self.pcm16Scale
    case .float(let samples): samples[index]
    }
  }

  /// Copies `count` samples from `offset` to `destination` as floats. Allocation-free (the
  /// audio thread calls it).
  func copy(from offset: Int, count: Int, to destination: UnsafeMutablePointer<Float>) {
    switch self {
    case .pcm16(let samples):
      guard let source = samples.baseAddress else { return }
      for index in 0..<count {
        destination[index] = Float(source[offset + index]) * Self.pcm16Scale
      }
    case .float(let samples):
      guard let source = samples.baseAddress else { return }
      destination.update(from: source + offset, count: count)
    }
  }

  /// The lowest and highest of the samples `range` (each clamped to 0: a bucket of silence, or
  /// of only positive samples, still starts at the axis). One switch, then a plain loop the
  /// compiler vectorizes: a waveform's peaks of a 10-minute song read 53 million samples.
  func extremes(in range: Range<Int>) -> (low: Float, high: Float) {
    switch self {
    case .pcm16(let samples):
      let (low, high) = Self.extremes(of: UnsafeBufferPointer(rebasing: samples[range]))
      // Scaling is monotonic: the extremes of the scaled samples are the scaled extremes.
      return (Float(low) * Self.pcm16Scale, Float(high) * Self.pcm16Scale)
    case .float(let samples):
      return Self.extremes(of: UnsafeBufferPointer(rebasing: samples[range]))
    }
  }

  private static func extremes<Sample: Comparable & AdditiveArithmetic>(
    of samples: UnsafeBufferPointer<Sample>
  ) -> (Sample, Sample) {
    var low = Sample.zero
    var high = Sample.zero
    for sample in samples {
      low = min(low, sample)
      high = max(high, sample)
    }
    return (low, high)
  }

  /// Bytes held.
  var byteCount: Int {
    switch self {
    case .pcm16(let samples): samples.count * MemoryLayout<Int16>.stride
    case .float(let samples): samples.count * MemoryLayout<Float>.stride
    }
  }

  /// Frees the storage.
  func deallocate() {
    switch self {
    case .pcm16(let samples): samples.deallocate()
    case .float(let samples): samples.deallocate()
    }
  }

  /// Decodes all of `reader` (`count` samples): a file of 16-bit samples read as such, straight
  /// into place (an hour of WAV in a fraction of the time a float read and a check per sample
  /// take); any other as 16-bit integers until a sample needs a float, then as floats (the
  /// integers decoded so far converted back, exactly).
  /// - Throws: the reader's ``AudioFileError``; nothing stays allocated then.
  static func decode(_ reader: AudioFileReader, count: Int) throws -> DecodedSamples {
    if reader.holdsPCM16 { return try decodePCM16(reader, count: count) }
    let channels = reader.format.channels
    let totalFrames = Int(reader.format.frames)
    let chunkFrames = 65_536
    var scratch = [Float](repeating: 0, count: chunkFrames * channels)
    var samples = DecodedSamples.pcm16(.allocate(capacity: max(1, count)))
    samples.zero()
    do {
      var done = 0
      while done < totalFrames {
        let frames = min(chunkFrames, totalFrames - done)
        let got = try scratch.withUnsafeMutableBufferPointer {
          try reader.read(into: $0, frames: frames)
        }
        guard got > 0 else { break }
        samples = samples.storing(scratch[0..<(got * channels)], at: done * channels)
        done += got
      }
      return samples
    } catch {
      samples.deallocate()
      throw error
    }
  }

  private static func decodePCM16(_ reader: AudioFileReader, count: Int) throws -> DecodedSamples {
    // Not zeroed first: each page is touched when its samples are read into it (a growing
    // file's as they arrive), and only what the file does not fill is zeroed after.
    let integers = UnsafeMutableBufferPointer<Int16>.allocate(capacity: max(1, count))
    let channels = reader.format.channels
    let totalFrames = Int(reader.format.frames)
    do {
      var done = 0
      while done < totalFrames {
        let frames = min(1 << 20, totalFrames - done)
        let got = try reader.read(
          into: UnsafeMutableBufferPointer(
            rebasing: integers[(done * channels)..<((done + frames) * channels)]),
          frames: frames)
        guard got > 0 else { break }
        done += got
      }
      UnsafeMutableBufferPointer(rebasing: integers[min(count, done * channels)...])
        .initialize(repeating: 0)
      return .pcm16(integers)
    } catch {
      integers.deallocate()
      throw error
    }
  }

  private func zero() {
    switch self {
    case .pcm16(let samples): samples.initialize(repeating: 0)
    case .float(let samples): samples.initialize(repeating: 0)
    }
  }

  /// Stores `chunk` at `offset`; returns the storage it is now in (floats once a sample is not
  /// 16-bit).
  private func storing(_ chunk: ArraySlice<Float>, at offset: Int) -> DecodedSamples {
    if case .pcm16(let integers) = self {
      var index = offset
      for sample in chunk {
        guard let packed = Self.pcm16(exactly: sample) else { break }
        integers[index] = packed
        index += 1
      }
      if index == offset + chunk.count { return self }
      let floats = UnsafeMutableBufferPointer<Float>.allocate(capacity: integers.count)
      floats.initialize(repeating: 0)
      if let destination = floats.baseAddress { copy(from: 0, count: offset, to: destination) }
      deallocate()
      return DecodedSamples.float(floats).storing(chunk, at: offset)
    }
    if case .float(let floats) = self {
      for (index, sample) in zip(offset..., chunk) { floats[index] = sample }
    }
    return self
  }
}
