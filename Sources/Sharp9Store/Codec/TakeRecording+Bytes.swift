import Sharp9Domain

/// The byte form of a take's report, shared by the action codec (`takeRecorded`) and the binary
/// state snapshot (the kept takes): the frames as 8 bytes each, the pass as an optional count,
/// the input's name and the hash as strings, then the dropouts and the latency as 8 bytes each.
/// The speed and pitch a take was played at came later: they follow the take, where a format
/// that has them says (a new action tag, a snapshot layout), as a present flag and two doubles,
/// and so did the changes made while a take was recorded: a count, then each change's frame and
/// its two doubles.
extension ByteWriter {
  mutating func write(_ take: TakeRecording) {
    write(UInt64(bitPattern: take.startFrame))
    write(UInt64(bitPattern: take.endFrame))
    write(passLimit: take.pass)
    write(take.input)
    write(take.sha256)
    write(UInt64(bitPattern: Int64(take.dropouts)))
    write(UInt64(bitPattern: take.latencyFrames))
  }

  /// Writes a take's speed and pitch (a present flag, then both as doubles).
  mutating func write(playedAt: SpeedAndPitch?) {
    write(playedAt != nil)
    guard let playedAt else { return }
    write(playedAt.speed)
    write(playedAt.pitchSemitones)
  }

  /// Writes the speed and pitch changes made while a take was recorded.
  mutating func write(playedAtChanges changes: [PlayedAtChange]) {
    write(UInt64(changes.count))
    for change in changes {
      write(UInt64(bitPattern: change.frame))
      write(change.playedAt.speed)
      write(change.playedAt.pitchSemitones)
    }
  }
}

extension ByteReader {
  /// A take's report as written (any values: the reducer refuses the impossible ones).
  mutating func takeRecording() throws(ActionCodec.DecodingError) -> TakeRecording {
    TakeRecording(
      startFrame: Int64(bitPattern: try uint64()), endFrame: Int64(bitPattern: try uint64()),
      pass: try passLimit(), input: try string(), sha256: try string(),
      dropouts: Int(truncatingIfNeeded: Int64(bitPattern: try uint64())),
      latencyFrames: Int64(bitPattern: try uint64()))
  }

  /// A take's speed and pitch as written (any values: the reducer refuses the impossible ones).
  mutating func playedAt() throws(ActionCodec.DecodingError) -> SpeedAndPitch? {
    guard try bool() else { return nil }
    return SpeedAndPitch(speed: try double(), pitchSemitones: try double())
  }

  /// A take's speed and pitch changes as written (any values: the reducer refuses the impossible
  /// ones; a count beyond the bytes left is damage).
  mutating func playedAtChanges() throws(ActionCodec.DecodingError) -> [PlayedAtChange] {
    let count = try uint64()
    guard count <= UInt64(remaining / 24) else { throw .invalidValue("speed change count") }
    var changes: [PlayedAtChange] = []
    for _ in 0..<count {
      changes.append(
        PlayedAtChange(
          frame: Int64(bitPattern: try uint64()),
          playedAt: SpeedAndPitch(speed: try double(), pitchSemitones: try double())))
    }
    return changes
  }
}
