/// Whole-stream processing at constant settings, in fixed-size chunks (memory stays flat).
extension TimeStretcher {
  /// Stretches a stream of `inputFrames` frames from the current `reset` state at the current
  /// speed and pitch, producing exactly `round(inputFrames / speed)` frames.
  ///
  /// - Parameters:
  ///   - read: fills the buffer with up to the asked frames and returns how many it wrote (0 at
  ///     the end).
  ///   - write: receives each output chunk (interleaved) and its frame count.
  ///   - progress: called after each chunk with the fraction of output done (0…1).
  /// - Returns: the number of output frames written.
  @discardableResult
  public func run(
    inputFrames: Int,
    read: (UnsafeMutableBufferPointer<Float>, Int) throws -> Int,
    write: (UnsafeBufferPointer<Float>, Int) throws -> Void,
    progress: (Double) -> Void = { _ in }
  ) throws -> Int {
    let total = Int((Double(inputFrames) / speed).rounded())
    let block = configuration.maximumBlockFrames
    var inputChunk = [Float](repeating: 0, count: block * channels)
    var outputChunk = [Float](repeating: 0, count: block * channels)
    var remainingInput = inputFrames
    var done = 0
    while done < total {
      let frames = min(block, total - done)
      var needed = inputFramesNeeded(forOutputFrames: frames)
      while needed > 0, remainingInput > 0 {
        let asked = min(needed, block, remainingInput)
        let got = try inputChunk.withUnsafeMutableBufferPointer { try read($0, asked) }
        guard got > 0 else {
          remainingInput = 0
          break
        }
        inputChunk.withUnsafeBufferPointer { chunk in
          outputChunk.withUnsafeMutableBufferPointer { out in
            process(input: chunk, inputFrames: got, output: out, outputFrames: 0)
          }
        }
        remainingInput -= got
        needed -= got
      }
      outputChunk.withUnsafeMutableBufferPointer { out in
        if ended || (remainingInput == 0 && needed > 0) {
          flush(output: out, outputFrames: frames)
        } else {
          process(
            input: UnsafeBufferPointer(start: nil, count: 0), inputFrames: 0, output: out,
            outputFrames: frames)
        }
      }
      try outputChunk.withUnsafeBufferPointer { try write($0, frames) }
      done += frames
      progress(Double(done) / Double(max(total, 1)))
    }
    return total
  }
}
