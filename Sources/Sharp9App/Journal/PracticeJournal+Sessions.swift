import Foundation
import Sharp9Domain
import Sharp9Store

extension PracticeJournal {
  /// The journal of every session in `store` (those of songs matching `song`, and from the day
  /// `since` on, when given), each replayed on the playback timeline: what was heard, not what
  /// was pressed.
  ///
  /// A song matches when its file name contains `song` (case-insensitively) or its SHA-256
  /// starts with it. Sessions that never loaded a track add nothing.
  public static func of(
    _ store: any EventLog, song: String?, sinceDay: String?, calendar: Calendar,
    inARow: Int = defaultInARow
  ) throws -> PracticeJournal {
    var journal = PracticeJournal(calendar: calendar, inARow: inARow)
    var marks: [String: SongMarks] = [:]
    for session in try store.sessions() {
      let name = songName(of: session)
      if let song, !matches(song, name: name, sha256: session.audio?.sha256) { continue }
      let endSec = RecordedPlayback.endSec(of: session)
      if let sinceDay,
        journal.day(of: session.startedAt.date.addingTimeInterval(endSec)) < sinceDay
      {
        continue
      }
      let practice = try cachedOrReplayed(session, in: store, endSec: endSec)
      var songMarks = SongMarks()
      if let sha256 = session.audio?.sha256 {
        if marks[sha256] == nil { marks[sha256] = try store.songMarks(of: sha256) }
        songMarks = marks[sha256] ?? SongMarks()
      }
      journal.add(practice, song: name, startedAt: session.startedAt.date, marks: songMarks)
    }
    if let sinceDay { journal.keep { $0.day >= sinceDay } }
    return journal
  }

  /// The session's practice summary: the one the store keeps when it still holds, else replayed
  /// on the playback timeline and kept (when the database can be written: a read-only one only
  /// costs the replay again next time).
  static func cachedOrReplayed(
    _ session: SessionRecord, in store: any EventLog, endSec: Double
  )
    throws -> SessionPractice
  {
    if let cached = try store.cachedPractice(of: session) { return cached }
    guard let duration = try SessionAudioFile.durationSec(of: session, log: store, override: nil)
    else { return SessionPractice() }
    var segments = TimelineSegmentLog()
    let engine = HeadlessTimelineEngine { url in
      TrackMeta(name: url.lastPathComponent, durationSec: duration)
    }
    engine.onSegment = { segments.append($0) }
    _ = try RecordedPlayback.play(session, from: store, into: engine, endSec: endSec)
    let practice = SessionPractice(segments: segments.segments)
    try? store.cachePractice(practice, of: session)
    return practice
  }

  /// The song a session practised: its audio file's name, else the session's title.
  static func songName(of session: SessionRecord) -> String {
    guard let path = session.audio?.path else { return session.title }
    return URL(filePath: path).lastPathComponent
  }

  private static func matches(_ song: String, name: String, sha256: String?) -> Bool {
    name.localizedCaseInsensitiveContains(song)
      || (song.count >= 6 && sha256?.hasPrefix(song.lowercased()) == true)
  }
}
