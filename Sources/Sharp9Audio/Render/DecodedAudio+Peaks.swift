extension DecodedAudio {
  /// ``WaveformPeaks`` with about `bucketFrames` frames per bucket, from memory (no second pass
  /// over the file): the table the player's overview and zoomed waveforms aggregate per column.
  public func peaks(bucketFrames: Int) -> WaveformPeaks {
    let channels = format.channels
    let frames = Int(format.frames)
    let buckets = max(1, (frames + bucketFrames - 1) / bucketFrames)
    var lows = [Float](repeating: 0, count: buckets)
    var highs = [Float](repeating: 0, count: buckets)
    for bucket in 0..<buckets {
      let start =
        Int(WaveformPeaks.startFrame(ofBucket: bucket, frames: format.frames, buckets: buckets))
        * channels
      let end =
        Int(WaveformPeaks.startFrame(ofBucket: bucket + 1, frames: format.frames, buckets: buckets))
        * channels
      let (low, high) = samples.extremes(in: start..<end)
      lows[bucket] = low
      highs[bucket] = high
    }
    return WaveformPeaks(min: lows, max: highs, buckets: buckets, durationSec: format.durationSec)
  }
}
