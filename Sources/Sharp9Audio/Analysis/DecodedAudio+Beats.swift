import Sharp9Domain

extension DecodedAudio {
  /// The beat grid of the decoded samples, from memory (no second pass over the file): exactly
  /// what ``BeatTracker/beatGrid(url:)`` returns for the file it was decoded from.
  /// - Throws: ``StretchError`` when FFTW cannot plan its transforms.
  public func beatGrid() throws -> BeatGrid {
    let channels = format.channels
    var mixdown = MonoMixdown(sampleRate: format.sampleRate, channels: channels)
    let builder = try OnsetEnvelopeBuilder(sampleRate: mixdown.outputRate)
    let frames = Int(format.frames)
    let chunkFrames = BeatTracker.chunkFrames
    var chunk = [Float](repeating: 0, count: chunkFrames * channels)
    var mono: [Float] = []
    mono.reserveCapacity(chunkFrames)
    var done = 0
    while done < frames {
      let count = min(chunkFrames, frames - done)
      chunk.withUnsafeMutableBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        samples.copy(from: done * channels, count: count * channels, to: base)
      }
      mono.removeAll(keepingCapacity: true)
      chunk.withUnsafeBufferPointer { mixdown.consume($0, frames: count, into: &mono) }
      builder.append(mono)
      done += count
    }
    return try BeatAnalysis.grid(of: builder.finish())
  }
}
