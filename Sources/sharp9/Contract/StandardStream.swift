import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one place `sharp9` writes to standard output and standard error.
///
/// Foundation's `FileHandle.write(_:)` traps when the write fails (`sharp9 export ID > /dev/full`
/// died with SIGILL), and `print` drops the failure silently. Every byte a command prints goes
/// through ``write(_:)`` instead: it writes with `write(2)`, retries interrupted and partial
/// writes, and throws ``OutputFailure`` (exit 74) when the stream cannot take the bytes.
///
/// Commands use the buffered ``StandardOutput`` for their results and ``StandardError`` for
/// notes and progress; new commands should do the same.
enum StandardStream: Sendable {
  /// File descriptor 1.
  case output
  /// File descriptor 2.
  case error

  private var descriptor: Int32 { self == .output ? STDOUT_FILENO : STDERR_FILENO }

  /// True when the stream is a terminal (progress bars and questions only go to terminals).
  var isTerminal: Bool { isatty(descriptor) == 1 }

  /// Writes all of `bytes`.
  ///
  /// - Throws: ``OutputFailure`` with the `errno` of the failed `write(2)`.
  func write(_ bytes: [UInt8]) throws(OutputFailure) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        systemWrite(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw OutputFailure(stream: self, errno: errno)
      }
      offset += written
    }
  }

  /// Ignores SIGPIPE for the whole process, so a closed pipe is a failed write (EPIPE) that
  /// ``write(_:)`` reports rather than a signal that kills the process between committing a
  /// session and printing its id. Called once at start-up.
  static func reportClosedPipesAsErrors() {
    signal(SIGPIPE, SIG_IGN)
  }
}

/// Notes, warnings and progress on standard error: written at once, unbuffered.
///
/// A failure to write to standard error is ignored: there is nowhere left to report it, and a
/// note must never turn a command that worked into one that failed.
enum StandardError {
  /// Writes `text` as it is.
  static func write(_ text: String) {
    try? StandardStream.error.write(Array(text.utf8))
  }

  /// Writes `text` and a newline.
  static func line(_ text: String) { write(text + "\n") }
}

/// `write(2)`, under a name the ``StandardStream/write(_:)`` method does not shadow.
func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
