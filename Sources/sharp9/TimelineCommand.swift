import ArgumentParser
import Foundation
import Sharp9App
import Sharp9Domain
import Sharp9Store

/// `sharp9 timeline SESSION [--json] [--report]`: what the playback model says was heard.
struct TimelineCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "timeline",
    abstract: "Show where in the track playback was at every moment of a session.",
    discussion: """
      Replays the session through the playback timeline model (the same one `render` plays) and \
      prints its segments: wall time, source positions, speed, pitch, playing or paused, and why \
      each segment began (play, pause, seek, wrap at the loop's B, loop capture, end of track, \
      speed, pitch, loop, load). The track's length comes from the session's audio metadata, the \
      audio file, or the length the session reported, in that order.
      """)

  @OptionGroup var session: SessionArgument

  @Flag(help: "Print one JSON object per segment (JSON Lines) instead of a table.")
  var json = false

  @Flag(
    help: "Compare the recorded tick positions with the model: the largest drift and where.")
  var report = false

  @Option(help: ArgumentHelp("Read the track's length from this audio file.", valueName: "path"))
  var audio: String?

  @OptionGroup var database: DatabaseOptions

  func run() throws {
    let store = try database.openLog(.mustExist)
    let record = try store.session(matching: session.session)
    let (segments, drift) = try Self.segments(of: record, in: store, audio: audio)
    var output = StandardOutput()
    if json {
      for segment in segments { output.line(try Interchange.string(segment)) }
      if report { output.line(try Interchange.string(drift)) }
    } else {
      for line in TextTable.lines(Self.rows(segments), rightAligned: [2, 3]) {
        output.line(line)
      }
      if report { for line in DriftReportText.lines(drift) { output.line(line) } }
    }
    try output.flush()
  }

  /// The session's timeline segments and tick drift (the track's length from `audio` when given);
  /// `sharp9 serve` shows the same.
  static func segments(of record: SessionRecord, in store: any EventLog, audio: String?) throws
    -> ([TimelineSegment], TickDriftReport)
  {
    let duration = try SessionAudioFile.durationSec(of: record, log: store, override: audio)
    guard let duration else {
      throw CommandFailure(
        .noInput,
        "cannot lay out session \(record.idString): its track's length is unknown. Pass"
          + " --audio PATH")
    }
    var log = TimelineSegmentLog()
    let engine = HeadlessTimelineEngine { url in
      TrackMeta(name: url.lastPathComponent, durationSec: duration)
    }
    engine.onSegment = { log.append($0) }
    let drift = try RecordedPlayback.play(
      record, from: store, into: engine, endSec: RecordedPlayback.endSec(of: record))
    return (log.segments, drift)
  }

  /// The table: a header, then one row per segment.
  static func rows(_ segments: [TimelineSegment]) -> [[String]] {
    let header = ["wall", "source", "speed", "pitch", "state", "began with"]
    return [header]
      + segments.map { segment in
        [
          formatTime(segment.wallStartSec) + "–" + formatTime(segment.wallEndSec),
          segment.isPlaying
            ? formatTime(segment.sourceStartSec) + "→" + formatTime(segment.sourceEndSec)
            : formatTime(segment.sourceStartSec),
          formatSpeed(segment.speed), formatPitch(segment.pitchSemitones),
          segment.isPlaying ? "playing" : segment.countIn != nil ? "count-in" : "paused",
          segment.start.name + (segment.looped ? " (looped)" : ""),
        ]
      }
  }
}
