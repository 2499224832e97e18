import Foundation
import Sharp9App
import Sharp9Store

/// Playing the same file again offers to continue its latest session: one question on the
/// terminal before the player starts (Enter or `y` continues, `n` starts a new session). The
/// file is recognised by its content (SHA-256), so a moved or renamed copy still counts.
enum ContinueOffer {
  /// The latest session recorded on `audio`'s content, if the musician wants to continue it.
  static func ask(store: EventStore, audio: RecordedAudio) throws -> SessionRecord? {
    guard let hash = audio.sha256,
      let latest = try SongHistory.latestSession(of: hash, in: store),
      let tty = FileHandle(forUpdatingAtPath: "/dev/tty")
    else { return nil }
    defer { try? tty.close() }
    let when = TextTable.utc(Date(timeIntervalSince1970: Double(latest.startedAt.value) / 1000))
    let question =
      "Continue session \(latest.idString.prefix(8)) on \(audio.path) from \(when)"
      + " (\(latest.eventCount) events)? [Y/n] "
    tty.write(Data(question.utf8))
    var answer: [UInt8] = []
    while let byte = try tty.read(upToCount: 1)?.first, byte != 0x0A { answer.append(byte) }
    let text = String(decoding: answer, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    return text.isEmpty || text.lowercased().hasPrefix("y") ? latest : nil
  }
}
