/// The three output paths of `TimeStretcher` (copy, vocoder, vocoder + resampler) and the
/// switches between them.
extension TimeStretcher {
  /// Applies changed `speed`/`pitchSemitones` from the current output frame on.
  func applyParameters() {
    let ratio = pitchRatio
    guard speed != appliedSpeed || ratio != appliedRatio else { return }
    let time = inputTime
    // A higher pitch lowers the band limit: the frames already rendered may hold more.
    let lowersLimit = ratio > max(1, appliedRatio)
    if !vocoderEngaged {
      // Pass-through positions are whole frames; the vocoder restarts there without stretch.
      vocoder.restart(at: Int(time.rounded()), queue: queue)
      vocoderEngaged = true
      anchorIntermediate = 0
    } else {
      anchorIntermediate += Double(outputPosition - anchorOutput) * appliedRatio
      // Frames analyzed ahead under the old mapping would delay the change by half a window.
      vocoder.takeBack(framesCenteredAfter: anchorIntermediate, queue: queue)
    }
    anchorOutput = outputPosition
    anchorInput = time
    appliedSpeed = speed
    appliedRatio = ratio
    vocoder.limitBand(pitchRatio: ratio)
    retarget()
    if resamplerEngaged {
      resampler.setStep(ratio)
      if lowersLimit { resampler.sharpen(throughNext: vocoder.framesAfterChangeUnderOldLimit) }
    } else if ratio != 1 {
      engageResampler(ratio: ratio, sharpened: lowersLimit)
      // Starting the resampler moves the anchor by less than one intermediate frame.
      retarget()
    }
  }

  private func retarget() {
    vocoder.retarget(
      anchorInput: anchorInput, anchorIntermediate: anchorIntermediate,
      inputPerIntermediate: speed / appliedRatio)
  }

  /// Starts the resampler on the queue's history, so its filter sees real signal; the first
  /// output lands within one intermediate frame of where bypass would have been.
  /// `sharpened`: the history and the frames after it were rendered under a higher band limit.
  private func engageResampler(ratio: Double, sharpened: Bool) {
    resampler.reset()
    resampler.setStep(ratio)
    resamplerEngaged = true
    let current = queue.readPosition
    let back = queue.rewind(upTo: queue.history)
    if sharpened { resampler.sharpen(throughNext: back + vocoder.framesAfterChangeUnderOldLimit) }
    let skipped = Int((Double(back) / ratio).rounded(.up))
    if skipped > 0 {
      resample(into: discard.pointer, skipped)
    }
    anchorIntermediate = Double(current - back) + Double(skipped) * ratio
    anchorOutput = outputPosition
  }

  /// Pass-through: a literal copy of the input frames at the output's input time.
  func copyInput(to destination: UnsafeMutablePointer<Float>, _ frames: Int) {
    let start = Int(inputTime.rounded())
    for channel in 0..<channels {
      scratchRead(channel: channel, start: start, frames: frames) { samples in
        for frame in 0..<frames { destination[frame * channels + channel] = samples[frame] }
      }
    }
  }

  /// Vocoder output straight from the queue (pitch 0, no resampling).
  func drainQueue(into destination: UnsafeMutablePointer<Float>, _ frames: Int) {
    var written = 0
    while written < frames {
      while queue.available <= 0 { synthesize() }
      let count = min(queue.available, frames - written)
      (destination + written * channels).update(
        from: queue.frames(from: queue.readPosition), count: count * channels)
      queue.consume(count)
      written += count
    }
  }

  /// Vocoder output through the resampler, `pitchRatio` intermediate frames per output frame.
  func resample(into destination: UnsafeMutablePointer<Float>, _ frames: Int) {
    var written = 0
    while written < frames {
      while queue.available <= 0 { synthesize() }
      let (used, generated) = resampler.process(
        input: queue.frames(from: queue.readPosition), inputFrames: queue.available,
        output: destination + written * channels, outputCapacity: frames - written,
        step: appliedRatio)
      queue.consume(used)
      written += generated
      if used == 0, generated == 0 { synthesize() }
    }
  }

  private func synthesize() {
    vocoder.synthesizeHop(input: input, onsets: onsets, queue: queue)
  }
}
