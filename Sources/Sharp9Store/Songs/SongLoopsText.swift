import Foundation
import Sharp9Domain

/// How a song's list of saved loops is stored in every backend: the interchange JSON
/// `[{"name","aSec","bSec"}]`.
enum SongLoopsText {
  /// The stored text of `loops`.
  static func encode(_ loops: [SavedLoop]) throws -> String { try Interchange.string(loops) }

  /// The list stored as event `seq` of `song`.
  ///
  /// - Throws: ``StoreError/corruptEvent(session:seq:reason:)`` naming the song when the text is
  ///   not a list of loops.
  static func decode(_ text: String, song: String, seq: Int64) throws -> [SavedLoop] {
    guard let loops = try? Interchange.decoder().decode([SavedLoop].self, from: Data(text.utf8))
    else {
      throw StoreError.corruptEvent(
        session: "song \(song.prefix(12))", seq: seq, reason: "its saved loops are not a list")
    }
    return loops
  }
}
