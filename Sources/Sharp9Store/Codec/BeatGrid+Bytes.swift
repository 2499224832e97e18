import Sharp9Domain

/// The binary form of a ``BeatGrid``, shared by the action codec (`beatGridDetected`) and the
/// state snapshot: a "tempo present" byte and the tempo, then the beats and the downbeats, each
/// as an 8-byte count and the doubles' exact bit patterns.
extension ByteWriter {
  mutating func write(_ grid: BeatGrid) {
    write(grid.tempo != nil)
    if let tempo = grid.tempo { write(tempo) }
    write(times: grid.beats)
    write(times: grid.downbeats)
  }

  private mutating func write(times: [Double]) {
    write(UInt64(times.count))
    for index in times.indices { write(times[index]) }
  }
}

extension ByteReader {
  mutating func beatGrid() throws(ActionCodec.DecodingError) -> BeatGrid {
    let tempo = try bool() ? try double() : nil
    return BeatGrid(tempo: tempo, beats: try times(), downbeats: try times())
  }

  private mutating func times() throws(ActionCodec.DecodingError) -> [Double] {
    let count = try uint64()
    // Each time takes 8 bytes: a count beyond the bytes left is damage.
    guard count <= UInt64(remaining / 8) else { throw .invalidValue("beat count") }
    var times: [Double] = []
    times.reserveCapacity(Int(count))
    for _ in 0..<count { times.append(try double()) }
    return times
  }
}
