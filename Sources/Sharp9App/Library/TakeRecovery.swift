import Foundation
import Sharp9Audio
import Sharp9Domain
import Sharp9Store

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
/// A take whose ``TakePlacement`` was written beside it is kept in the library under its hash
/// and placed: the caller logs it in its session (`takeRecorded`, after the session's last
/// event), so the log and the library agree as for any take. Without a placement (or with one
/// that does not decode), the take is offered, not logged, in `recovered/`.
public enum TakeRecovery: Sendable, Equatable {
  /// The take's complete frames are kept in the library as `take` (at `sampleRate`), which
  /// belongs in `session`; the hidden file and its placement are gone.
  case placed(TakeRecording, session: UUID, sampleRate: Int)
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
    let recoveries: [TakeRecovery] = names.sorted().compactMap { name in
      guard let pid = Self.writerProcess(ofPartial: name), !isRunning(pid),
        let writerURL = writerURL(ofPartial: name)
      else { return nil }
      let partial = directory.appending(path: name)
      do {
        let recovered = try recover(partial, placement: placement(ofWriter: writerURL))
        try? manager.removeItem(at: partial)
        removePlacement(ofWriter: writerURL)
        return recovered
      } catch {
        return .failed(
          name: name, why: (error as? AudioFileError)?.detail ?? error.localizedDescription)
      }
    }
    // Placements left without a take (the crash came after the take was kept): nothing to place.
    for name in names where name.hasSuffix("." + Self.placementExtension) {
      guard let pid = Self.writerProcess(ofPartial: name), !isRunning(pid) else { continue }
      let writer = directory.appending(path: name).deletingPathExtension()
        .appendingPathExtension("flac")
      let partials = names.filter { $0.hasPrefix("." + writer.lastPathComponent) }
      if partials.isEmpty, !manager.fileExists(atPath: writer.path) {
        try? manager.removeItem(at: directory.appending(path: name))
      }
    }
    return recoveries
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
    } else if name.hasPrefix(takePrefix),
      name.hasSuffix(".flac") || name.hasSuffix("." + placementExtension)
    {
      rest = name.dropFirst(takePrefix.count)
    } else {
      return nil
    }
    return Int32(rest.prefix { $0 != "-" }).flatMap { $0 > 0 ? $0 : nil }
  }

  /// The writer's own name (`.take-<pid>-<uuid>.flac`) for a file ``writerProcess(ofPartial:)``
  /// names: its temporary file, or itself.
  private func writerURL(ofPartial name: String) -> URL? {
    let base = name.hasSuffix(".partial") ? name.dropFirst() : name[...]
    guard let flac = base.range(of: ".flac") else { return nil }
    return directory.appending(path: String(base[..<flac.upperBound]))
  }

  /// Decodes `partial`'s complete frames, once, into a finished take: kept in the library and
  /// placed when `placement` makes a take of them, else a FLAC in ``recoveredDirectory``; nil
  /// when it holds none.
  private func recover(_ partial: URL, placement: TakePlacement?) throws -> TakeRecovery? {
    let reader = try AudioFileReader(url: partial)
    let format = reader.format
    guard format.frames > 0 else { return nil }
    let writer = try newWriter(sampleRate: format.sampleRate, channels: format.channels)
    let frames = try copy(reader, into: writer)
    // Placed only once the placement is known to make a take of these frames (hashed once): a
    // finished take is renamed under its hash only then, as the same audio kept before may be
    // a take a session names, which a placement that fails must not take away.
    if let placement, let hash = try AudioFileLocator.sha256(of: writer.url),
      let take = placement.recording(frames: frames, sha256: hash)
    {
      try move(writer.url, to: url(sha256: hash))
      return .placed(take, session: placement.session, sampleRate: format.sampleRate)
    }
    let modified =
      (try? FileManager.default.attributesOfItem(atPath: partial.path)[.modificationDate])
      as? Date ?? Date()
    do {
      try FileManager.default.createDirectory(
        at: recoveredDirectory, withIntermediateDirectories: true)
    } catch {
      try? FileManager.default.removeItem(at: writer.url)
      throw AudioFileError(
        url: recoveredDirectory, kind: .createFailed, detail: "cannot create the folder")
    }
    let target = freeName(for: modified)
    try move(writer.url, to: target)
    return .recovered(url: target, frames: frames, sampleRate: format.sampleRate)
  }

  /// Copies what `reader` decodes into `writer` and finishes it; the frames copied.
  private func copy(_ reader: AudioFileReader, into writer: AudioFileWriter) throws -> Int64 {
    var chunk = [Float](repeating: 0, count: 4096 * reader.format.channels)
    var copied: Int64 = 0
    try chunk.withUnsafeMutableBufferPointer { buffer in
      while case let frames = try reader.read(into: buffer, frames: 4096), frames > 0 {
        try writer.write(UnsafeBufferPointer(buffer), frames: frames)
        copied += Int64(frames)
      }
    }
    try writer.finish()
    return copied
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

extension TakeRecovery {
  /// Logs a placed take in its session in `log`: `takeRecorded` after the session's last event
  /// (at its last `t`; a take is laid by its frames, not by when it was logged), then the
  /// recording ended again where it ended (a session cut short by the crash ends at its last
  /// event). Returns the session.
  ///
  /// - Throws: ``Sharp9Store/StoreError/sessionNotFound(_:)`` when the session is gone, the
  ///   log's errors.
  public static func log(
    _ take: TakeRecording, in session: UUID, into log: any EventLog
  ) throws -> SessionRecord {
    let record = try log.session(id: session)
    let writer = try log.writer(for: record)
    _ = try writer.append(
      .takeRecorded(take), at: record.lastT, expecting: writer.session.eventCount)
    try writer.finish(
      at: record.endedAt?.date ?? record.startedAt.date.addingTimeInterval(record.lastT))
    return writer.session
  }
}
