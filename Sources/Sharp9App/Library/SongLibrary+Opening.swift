import Foundation
import Sharp9Audio

extension SongLibrary {
  /// Opens the song in `file` (left in place): decodes it while its bytes are copied into the
  /// library and hashed, on a thread of its own (an hour of WAV: each about a second, so the two
  /// together take the longer of them, where one after the other, with the hash read twice and
  /// the song decoded twice, took over a minute on a loaded machine). The audio returned is the
  /// kept file's, decoded once.
  ///
  /// A file that cannot be decoded leaves the library as it was.
  /// - Throws: ``AudioFileError`` when `file` cannot be read or decoded; the file system's error
  ///   when the library cannot be written.
  public func open(_ file: URL, name: String) throws -> (audio: DecodedAudio, sha256: String) {
    let staging = WorkThread(name: "sharp9 keep") { try stage(file, name: name) }
    let decoded = Result { try DecodedAudio(url: file) }
    let staged = staging.result()
    switch (decoded, staged) {
    case (.success(let audio), .success(let staged)):
      do {
        return (audio.sharingSamples(as: try commit(staged)), staged.sha256)
      } catch {
        discard(staged)
        throw error
      }
    case (.failure(let error), _):
      if case .success(let staged) = staged { discard(staged) }
      throw error
    case (.success, .failure(let error)):
      throw error
    }
  }
}

/// Blocking work on a thread of its own, whose result the starting thread waits for.
private final class WorkThread<Value: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  private var finished: Result<Value, any Error>?

  init(name: String, _ body: @escaping @Sendable () throws -> Value) {
    let thread = Thread { [self] in
      let result = Result { try body() }
      condition.withLock {
        finished = result
        condition.signal()
      }
    }
    thread.name = name
    thread.start()
  }

  /// Waits for the work to end.
  func result() -> Result<Value, any Error> {
    condition.withLock {
      while true {
        if let finished { return finished }
        condition.wait()
      }
    }
  }
}
