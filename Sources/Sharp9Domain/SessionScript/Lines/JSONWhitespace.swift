/// JSON's whitespace (space, tab, line feed, carriage return): the one definition the script
/// line readers skip.
enum JSONWhitespace {
  /// Whether `byte` is JSON whitespace.
  static func contains(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
      || byte == UInt8(ascii: "\r")
  }

  /// The first index at or after `index` whose byte is not whitespace (`bytes.endIndex` if none).
  static func end(in bytes: UnsafeRawBufferPointer, from index: Int) -> Int {
    var index = index
    while index < bytes.endIndex, contains(bytes[index]) { index += 1 }
    return index
  }
}
