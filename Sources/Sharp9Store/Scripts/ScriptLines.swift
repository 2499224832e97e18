import Foundation

/// The lines of a script given as bytes, split in place (no String of the whole file).
enum ScriptLines {
  /// Calls `body` with each `\n`-separated line of `text` (without the `\n`; the text after the
  /// last `\n` is a line too, empty when the text ends with one), in place.
  static func forEach(
    in text: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> Void
  ) rethrows {
    var start = 0
    while true {
      var end = text.count
      if let base = text.baseAddress,
        let newline = memchr(base + start, Int32(UInt8(ascii: "\n")), text.count - start)
      {
        end = base.distance(to: UnsafeRawPointer(newline))
      }
      try body(UnsafeRawBufferPointer(rebasing: text[start..<end]))
      guard end < text.count else { return }
      start = end + 1
    }
  }
}
