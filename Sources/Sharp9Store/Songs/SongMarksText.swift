import Foundation
import Sharp9Domain

/// How an event of a song's stream is stored in every backend: the saved loops as the interchange
/// JSON `[{"name","aSec","bSec"}]` and the sections as `[{"name","timeSec"}]` (NULL in events
/// written before sections existed: none).
enum SongMarksText {
  /// The stored texts of `marks`: the loops' and the sections'.
  static func encode(_ marks: SongMarks) throws -> (loops: String, sections: String) {
    (try Interchange.string(marks.loops), try Interchange.string(marks.sections))
  }

  /// The marks stored as event `seq` of `song`.
  ///
  /// - Throws: ``StoreError/corruptEvent(session:seq:reason:)`` naming the song when a text is
  ///   not a list of loops or of sections.
  static func decode(loops: String, sections: String?, song: String, seq: Int64) throws
    -> SongMarks
  {
    func list<Element: Decodable>(_ text: String, _ what: String) throws -> [Element] {
      guard let list = try? Interchange.decoder().decode([Element].self, from: Data(text.utf8))
      else {
        throw StoreError.corruptEvent(
          session: "song \(song.prefix(12))", seq: seq, reason: "its \(what) are not a list")
      }
      return list
    }
    return SongMarks(
      loops: try list(loops, "saved loops"),
      sections: try sections.map { try list($0, "sections") } ?? [])
  }
}
