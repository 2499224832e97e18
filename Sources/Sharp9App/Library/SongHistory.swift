import Foundation
import Sharp9Domain
import Sharp9Store

/// A song's earlier sessions, recognised by the content of its audio (SHA-256), so a moved,
/// renamed or re-imported copy is the same song. Both front ends ask it the same two questions:
/// which session to offer to continue, and what a new session starts with.
public enum SongHistory {
  /// The latest session (by start) recorded on the song whose audio has `sha256`, other than
  /// `excluded`; nil when there is none.
  public static func latestSession(
    of sha256: String, in log: any EventLog, excluding excluded: UUID? = nil
  ) throws -> SessionRecord? {
    try log.sessions()
      .filter { $0.audio?.sha256 == sha256 && $0.id != excluded }
      .max { ($0.startedAt.value, $0.createdAt.value) < ($1.startedAt.value, $1.createdAt.value) }
  }

  /// What the song's latest session other than `excluded` left (its markers, speed and pitch),
  /// or nil when there is no such session or it left nothing to restore.
  public static func lastSettings(
    of sha256: String, in log: any EventLog, excluding excluded: UUID?
  ) throws -> SongSettings? {
    guard let latest = try latestSession(of: sha256, in: log, excluding: excluded) else {
      return nil
    }
    return SongSettings(leftBy: try log.state(of: latest, at: nil))
  }
}
