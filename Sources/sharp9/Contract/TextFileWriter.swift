import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a text output file (`export -o`) the way every output file is written: to a hidden
/// temporary file beside the target, renamed over it by ``finish()``; released unfinished, it
/// removes the temporary file, so the target is the complete new file or untouched.
///
/// Every write is checked (`write(2)`, like ``StandardStream``): a full disk is an error, never a
/// trap or a short file. Check the target with ``OutputFile/check(_:inputs:force:)`` first.
final class TextFileWriter {
  private let target: String
  private let temporary: String
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private var finished = false

  /// Creates the temporary file beside `path`.
  ///
  /// - Throws: ``CommandFailure`` (73) when the directory does not exist or is not writable.
  init(path: String) throws {
    target = path
    let url = URL(fileURLWithPath: path)
    temporary =
      url.deletingLastPathComponent()
      .appending(path: ".\(url.lastPathComponent).\(UUID().uuidString).partial").path
    descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard descriptor >= 0 else {
      throw CommandFailure(
        .cannotCreate,
        "cannot write \(path): \(String(cString: strerror(errno))). Check that the directory"
          + " exists and is writable")
    }
  }

  deinit {
    if !finished {
      close(descriptor)
      unlink(temporary)
    }
  }

  /// Appends `text`, writing out every 64 KiB.
  func write(_ text: String) throws {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 16 { try send() }
  }

  /// Writes the rest, closes the file and renames it over the target.
  func finish() throws {
    try send()
    guard close(descriptor) == 0 else { throw failure("closing") }
    finished = true
    guard rename(temporary, target) == 0 else {
      let error = failure("renaming into place")
      unlink(temporary)
      throw error
    }
  }

  private func send() throws {
    if let error = writeAll(buffer, to: descriptor) {
      errno = error
      throw failure("writing")
    }
    buffer.removeAll(keepingCapacity: true)
  }

  private func failure(_ step: String) -> CommandFailure {
    CommandFailure(
      .ioError,
      "cannot write \(target) (\(step)): \(String(cString: strerror(errno))). Check free"
        + " space; \(target) is unchanged")
  }
}
