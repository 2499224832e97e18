import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one place `sharp9` reads standard input: `import -`, `reduce -`, `record` and the
/// questions `delete` asks.
///
/// Foundation's `FileHandle.readDataToEndOfFile()` traps when the read fails (standard input a
/// directory, or closed), and `readLine()` takes a failed read for the end of the input. Every
/// read goes through `read(2)` here instead: interrupted reads are retried and a failed one
/// throws ``CommandFailure`` with exit status 74 (I/O error).
struct StandardInput {
  private var buffer: [UInt8] = []
  private var start = 0
  private var atEnd = false

  /// A reader positioned at the current offset of file descriptor 0.
  init() {}

  /// Everything left on standard input.
  ///
  /// - Throws: ``CommandFailure`` (74) when a read fails.
  static func readAll() throws -> Data {
    var reader = StandardInput()
    while try reader.fill() {}
    return Data(reader.buffer[reader.start...])
  }

  /// The next line without its `\n` (a trailing `\r` is kept), or nil at the end of the input.
  /// Invalid UTF-8 is repaired with U+FFFD, as `readLine()` does.
  ///
  /// - Throws: ``CommandFailure`` (74) when a read fails.
  mutating func line() throws -> String? {
    // Bytes already searched, counted from `start` (a refill may move the buffer's contents).
    var searched = 0
    while true {
      if let newline = buffer[(start + searched)...].firstIndex(of: UInt8(ascii: "\n")) {
        let text = String(decoding: buffer[start..<newline], as: UTF8.self)
        start = newline + 1
        return text
      }
      searched = buffer.count - start
      guard try fill() else {
        guard start < buffer.count else { return nil }
        let text = String(decoding: buffer[start...], as: UTF8.self)
        start = buffer.count
        return text
      }
    }
  }

  /// Reads one block into the buffer; false at the end of the input.
  private mutating func fill() throws -> Bool {
    guard !atEnd else { return false }
    if start > 0, start >= buffer.count / 2 {
      buffer.removeFirst(start)
      start = 0
    }
    let blockSize = 1 << 16
    let old = buffer.count
    buffer.append(contentsOf: repeatElement(0, count: blockSize))
    while true {
      let count = buffer.withUnsafeMutableBytes { bytes in
        read(STDIN_FILENO, bytes.baseAddress.map { $0 + old }, blockSize)
      }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else {
        let reason = String(cString: strerror(errno)).lowercased()
        buffer.removeLast(blockSize)
        throw CommandFailure(
          .ioError,
          "cannot read standard input: \(reason). Give the input as a file or a pipe")
      }
      buffer.removeLast(blockSize - count)
      atEnd = count == 0
      return count > 0
    }
  }
}
