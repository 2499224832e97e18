import CSndfile
import Foundation

/// libsndfile's view of a ``GrowingFile`` (its virtual I/O): a length, a position, and reads that
/// wait for the writer. Owns the file descriptor it reads through (opened at the first read, the
/// writer having created the file by then), closed in `deinit`.
final class GrowingFileSource {
  let file: GrowingFile
  private var position: Int64 = 0
  private var descriptor: Int32 = -1

  init(_ file: GrowingFile) { self.file = file }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// The callbacks libsndfile calls with this source as `user_data`.
  static let callbacks = SF_VIRTUAL_IO(
    get_filelen: { user in source(user).file.length },
    seek: { offset, whence, user in source(user).seek(offset, whence: whence) },
    read: { buffer, count, user in source(user).read(into: buffer, count: count) },
    write: { _, _, _ in 0 },
    tell: { user in source(user).position })

  private static func source(_ user: UnsafeMutableRawPointer?) -> GrowingFileSource {
    guard let user else { preconditionFailure("libsndfile called back without its source") }
    return Unmanaged<GrowingFileSource>.fromOpaque(user).takeUnretainedValue()
  }

  private func seek(_ offset: sf_count_t, whence: Int32) -> sf_count_t {
    let target: Int64
    switch whence {
    case SEEK_SET: target = offset
    case SEEK_CUR: target = position + offset
    case SEEK_END: target = file.length + offset
    default: return -1
    }
    guard target >= 0 else { return -1 }
    position = target
    return position
  }

  /// Reads up to `count` bytes at the position, waiting for them to be written; fewer (or 0)
  /// only past the announced length or where the writer ended; -1 when the file cannot be read.
  private func read(into buffer: UnsafeMutableRawPointer?, count: sf_count_t) -> sf_count_t {
    guard let buffer, count > 0 else { return 0 }
    let end = min(position + count, file.length)
    let available = file.waitForBytes(upTo: end) - position
    guard available > 0 else { return 0 }
    if descriptor < 0 { descriptor = open(file.url.path, O_RDONLY) }
    guard descriptor >= 0 else { return -1 }
    var done: Int64 = 0
    while done < available {
      let got = pread(descriptor, buffer + Int(done), Int(available - done), off_t(position + done))
      guard got > 0 else { break }
      done += Int64(got)
    }
    position += done
    return done
  }
}
