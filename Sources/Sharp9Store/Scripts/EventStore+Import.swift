import Foundation
import Sharp9Domain

extension EventStore {
  /// Imports a session script (JSON Lines, read by `SessionScriptParser`, the parser `reduce`
  /// uses too) as a new session, in one transaction: a bad line (or any other failure) leaves no
  /// session behind.
  ///
  /// The session starts at the header's `startedAt`, else `SessionScript.defaultStartedAt` (the
  /// same start `sharp9 reduce` uses, so both give the same states). Its title is `title`, else
  /// the header's, else `defaultTitle`. Marker ids in `deleteMarker` lines are script ids (as
  /// `sharp9 reduce` creates them) and are re-homed to the new session's ids.
  ///
  /// - Parameters:
  ///   - text: the whole script (lines split on `\n`; a trailing `\r` is ignored).
  ///   - audio: resolves the header's audio path into an ``RecordedAudio`` (hash, format), or `nil`.
  /// - Throws: `SessionScriptError` (naming the line and field), ``StoreError`` (``StoreError/noActions``
  ///   for a script without an action) or ``SQLiteError``.
  public func importScript(
    _ text: String, title: String?, defaultTitle: String, sharp9Version: String,
    audio: (String) throws -> RecordedAudio? = { RecordedAudio(path: $0) }
  ) throws -> SessionRecord {
    var text = text
    return try text.withUTF8 { utf8 in
      try importScript(
        bytes: UnsafeRawBufferPointer(utf8), title: title, defaultTitle: defaultTitle,
        sharp9Version: sharp9Version, audio: audio)
    }
  }

  /// Imports a session script given as its bytes (a file's content, read without making a
  /// String of it), as ``importScript(_:title:defaultTitle:sharp9Version:audio:)`` does. A line
  /// that is not UTF-8 is an error, as it is for `reduce`. `progress` is called with the fraction
  /// of the bytes read, about every 64 KiB.
  public func importScript(
    _ data: Data, title: String?, defaultTitle: String, sharp9Version: String,
    audio: (String) throws -> RecordedAudio? = { RecordedAudio(path: $0) },
    progress: (Double) -> Void = { _ in }
  ) throws -> SessionRecord {
    try data.withUnsafeBytes { bytes in
      try importScript(
        bytes: bytes, title: title, defaultTitle: defaultTitle, sharp9Version: sharp9Version,
        audio: audio, progress: progress)
    }
  }

  private func importScript(
    bytes: UnsafeRawBufferPointer, title: String?, defaultTitle: String, sharp9Version: String,
    audio: (String) throws -> RecordedAudio?, progress: (Double) -> Void = { _ in }
  ) throws -> SessionRecord {
    var read = 0
    var reported = 0
    return try withBulkWriteCache {
      try database.transaction {
        var parser = SessionScriptParser()
        var appender: EventAppender?
        try ScriptLines.forEach(in: bytes) { line in
          read += line.count + 1
          if read - reported >= 1 << 16 {
            reported = read
            progress(Double(read) / Double(max(bytes.count, 1)))
          }
          guard let scripted = try parser.parse(bytes: line) else { return }
          let writer =
            try appender
            ?? startImport(
              header: parser.header, title: title, defaultTitle: defaultTitle,
              sharp9Version: sharp9Version, audio: audio)
          appender = writer
          let action = MarkerIDRebase.rehome(
            scripted.action, from: SessionScript.unrecordedSessionID, to: writer.session.id)
          try writer.appendInPlace(action, t: scripted.t)
        }
        // Empty input, blank lines or a header alone: not a session (nothing was written).
        progress(1)
        guard let writer = appender else { throw StoreError.noActions }
        try writer.finishBatch()
        // Ended at its last event: `verify` then knows a checkpoint must be there.
        try endSession(
          writer.session.id, at: writer.session.startedAt.date.addingTimeInterval(writer.lastT))
        return try session(id: writer.session.id)
      }
    }
  }

  private func startImport(
    header: SessionScriptHeader?, title: String?, defaultTitle: String, sharp9Version: String,
    audio: (String) throws -> RecordedAudio?
  ) throws -> EventAppender {
    let new = NewSession(
      title: title ?? header?.title ?? defaultTitle,
      startedAt: header?.startedAt ?? SessionScript.defaultStartedAt,
      audio: try header?.audio.flatMap(audio), sharp9Version: sharp9Version)
    let session = try createSession(new)
    return try EventAppender(store: self, session: session, state: State(), head: 0, lastT: 0)
  }
}
