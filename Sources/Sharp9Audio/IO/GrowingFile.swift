import Foundation

/// A file another thread is still writing (an upload as it arrives), to be read as it grows: a
/// read waits until the bytes it asks for are written, or the writer has ended.
///
/// Its length is the one the writer announced (an HTTP upload's `Content-Length`). A writer that
/// ends short leaves the reads past its last byte short, so a decoder of it fails as on a
/// truncated file; the writer's caller decides from what actually arrived whether to use what was
/// decoded.
public final class GrowingFile: @unchecked Sendable {
  /// The file being written.
  public let url: URL
  /// The bytes the writer announced.
  public let length: Int64
  private let condition = NSCondition()
  /// Bytes written so far (guarded by `condition`).
  private var written: Int64 = 0
  /// Whether the writer has ended (guarded by `condition`).
  private var ended = false

  /// A file at `url` that its writer says will hold `length` bytes.
  public init(url: URL, length: Int64) {
    self.url = url
    self.length = max(0, length)
  }

  /// The writer has written `count` more bytes to the file.
  public func wrote(_ count: Int) {
    condition.withLock {
      written += Int64(count)
      condition.broadcast()
    }
  }

  /// The writer has ended (finished, failed or stopped): no more bytes will come.
  public func end() {
    condition.withLock {
      ended = true
      condition.broadcast()
    }
  }

  /// Waits until the file holds `end` bytes or its writer has ended; returns how many of the
  /// first `end` bytes it holds.
  func waitForBytes(upTo end: Int64) -> Int64 {
    condition.withLock {
      while written < end && !ended { condition.wait() }
      return min(written, end)
    }
  }
}
