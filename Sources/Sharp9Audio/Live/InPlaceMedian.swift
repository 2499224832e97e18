/// The median of the first `count` values of `values` (the upper one of an even count), sorting
/// them in place: an insertion sort, for the few dozen values the audio side keeps (no
/// allocation).
func medianSortingInPlace(_ values: UnsafeMutableBufferPointer<Double>, count: Int) -> Double {
  for index in 1..<max(1, count) {
    let value = values[index]
    var slot = index
    while slot > 0, values[slot - 1] > value {
      values[slot] = values[slot - 1]
      slot -= 1
    }
    values[slot] = value
  }
  return values[count / 2]
}
