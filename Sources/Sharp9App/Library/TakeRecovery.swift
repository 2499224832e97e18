import Foundation
import Sharp9Audio

/// A take cut short (the player killed, the machine down) before its file was finished, and
/// what became of it.
///
/// A take being written is a FLAC stream in a hidden file of the take library; the writer hands
/// its blocks to the disk every second, but only finishing the file writes its length into the
/// STREAMINFO header. Left unfinished, the file says "length unknown" (FLAC's 0 samples), and
/// its last FLAC frame may be cut off. Its complete frames are what the musician played up to
/// the last flush (and a little after): recovery decodes them and writes them as a finished
/// take in the library's `recovered/` folder, named for when the take was last written to.
///
/// A recovered take is offered, not logged: the log names only takes whose recording ended (a
/// take never half-exists in the log, and `verify` of the cut-short session still passes), and
/// which session and frame a cut-short take belongs to was never recorded.
public enum TakeRecovery: Sendable, Equatable {
  /// The take's complete frames are in `url` (`frames` at `sampleRate`); the hidden file is
  /// gone.
  case recovered(url: URL, frames: Int64, sampleRate: Int)
  /// The hidden file `name` could not be recovered (it stays where it is): why.
  case failed(name: String, why: String)
}

extension TakeLibrary {
  /// Where recovered takes go.
  public var recoveredDirectory: URL { directory.appending(path: "recovered") }

  /// Recovers every take whose writer is gone (``TakeRecovery``): the hidden files of takes
  /// being written whose process id (in their name) `isRunning` says is not running. A partial
  /// file without a complete FLAC frame is removed and not reported.
  public func recoverCutShortTakes(
    isRunning: (Int32) -> Bool = TakeLibrary.isRunning
  ) -> [TakeRecovery] {
    let manager = FileManager.default
    let names = (try? manager.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.sorted().compactMap { name in
      guard let pid = Self.writerProcess(ofPartial: name), !isRunning(pid) else { return nil }
      let partial = directory.appending(path: name)
      do {
        let recovered = try recover(partial)
        try? manager.removeItem(at: partial)
        return recovered
      } catch {
        return .failed(
          name: name, why: (error as? AudioFileError)?.detail ?? error.localizedDescription)
      }
    }
  }

  /// Whether process `pid` exists (signal 0 reaches it, or it belongs to someone else).
  public static func isRunning(_ pid: Int32) -> Bool {
    kill(pid, 0) == 0 || errno == EPERM
  }

  /// The process id in the name of a take writer's temporary file
  /// (`..take-<pid>-<uuid>.flac.<uuid>.partial`), or of a take finished but not yet kept under
  /// its hash (`.take-<pid>-<uuid>.flac`: the crash came between the two); nil for any other
  /// name.
  static func writerProcess(ofPartial name: String) -> Int32? {
    let rest: Substring
    if name.hasPrefix("." + takePrefix), name.hasSuffix(".partial") {
      rest = name.dropFirst(takePrefix.count + 1)
    } else if name.hasPrefix(takePrefix), name.hasSuffix(".flac") {
      rest = name.dropFirst(takePrefix.count)
    } else {
      return nil
    }
    return Int32(rest.prefix { $0 != "-" }).flatMap { $0 > 0 ? $0 : nil }
  }

  /// Decodes `partial`'s complete frames into a finished FLAC in ``recoveredDirectory``; nil
  /// when it holds none.
  private func recover(_ partial: URL) throws -> TakeRecovery? {
    let reader = try AudioFileReader(url: partial)
    let format = reader.format
    guard format.frames > 0 else { return nil }
    do {
      try FileManager.default.createDirectory(
        at: recoveredDirectory, withIntermediateDirectories: true)
    } catch {
      throw AudioFileError(
        url: recoveredDirectory, kind: .createFailed, detail: "cannot create the folder")
    }
    let modified =
      (try? FileManager.default.attributesOfItem(atPath: partial.path)[.modificationDate])
      as? Date ?? Date()
    let target = freeName(for: modified)
    let writer = try AudioFileWriter(
      url: target, container: .flac, sample: .pcm24, sampleRate: format.sampleRate,
      channels: format.channels)
    var chunk = [Float](repeating: 0, count: 4096 * format.channels)
    try chunk.withUnsafeMutableBufferPointer { buffer in
      while case let frames = try reader.read(into: buffer, frames: 4096), frames > 0 {
        try writer.write(UnsafeBufferPointer(buffer), frames: frames)
      }
    }
    try writer.finish()
    return .recovered(url: target, frames: format.frames, sampleRate: format.sampleRate)
  }

  /// `take cut short YYYY-MM-DD HH.MM.SS.flac` (local time) in ``recoveredDirectory``, with a
  /// number added when that name is taken.
  private func freeName(for date: Date) -> URL {
    let parts = Calendar.current.dateComponents(
      [.year, .month, .day, .hour, .minute, .second], from: date)
    let two = { (value: Int?) in String(format: "%02d", value ?? 0) }
    let stamp =
      "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day))"
      + " \(two(parts.hour)).\(two(parts.minute)).\(two(parts.second))"
    var number = 1
    while true {
      let suffix = number == 1 ? "" : " (\(number))"
      let url = recoveredDirectory.appending(path: "take cut short \(stamp)\(suffix).flac")
      if !FileManager.default.fileExists(atPath: url.path) { return url }
      number += 1
    }
  }
}
