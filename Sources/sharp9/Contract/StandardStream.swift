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
    if let error = writeAll(bytes, to: descriptor) {
      throw OutputFailure(stream: self, errno: error)
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

/// Writes all of `bytes` to `descriptor` with `write(2)`, retrying interrupted and partial
/// writes; returns the `errno` of a failed write, nil when everything was written. The one
/// checked write of the CLI (``StandardStream``, ``TextFileWriter``).
func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
  var offset = 0
  while offset < bytes.count {
    let written = bytes.withUnsafeBytes { buffer in
      write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
    }
    if written < 0 {
      if errno == EINTR { continue }
      return errno
    }
    offset += written
  }
  return nil
}
