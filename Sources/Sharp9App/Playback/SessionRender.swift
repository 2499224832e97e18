import Foundation
import Sharp9Audio
import Sharp9Domain
import Sharp9Store

/// What a musician heard during a session, written as an audio file: the one render that
/// `sharp9 render` and the server's downloads share.
public enum SessionRender {
  /// Renders `session` from `source` into `output` (`sample`, the source's rate and channels) up
  /// to `settings.toSec`: the source format, the frames written and the tick drift. With
  /// `takes`, the session's takes are mixed in (or alone), each on its session frames. A take the
  /// musician listened back to is heard as it was, read through `takeAudio` (nil: a session that
  /// listened to one throws ``ListenedTakeUnavailable``).
  public static func render(
    _ session: SessionRecord, from log: any EventLog, source: URL, to output: URL,
    container: AudioContainer, sample: AudioSampleFormat = .pcm24, settings: RenderSettings,
    takes: (TakeMixSink.Mode, [TakeMixSink.Placement])? = nil,
    takeAudio: ((TakeRecording) throws -> DecodedAudio)? = nil,
    progress: (Double) -> Void = { _ in }
  ) throws -> (format: AudioFormat, frames: Int64, drift: TickDriftReport) {
    let probe = try AudioFileReader(url: source).format
    let writer = try AudioFileWriter(
      url: output, container: container, sample: sample, sampleRate: probe.sampleRate,
      channels: probe.channels)
    let sink: any RenderSink =
      try takes.map { mode, placements in
        try TakeMixSink(
          sink: writer, mode: mode, takes: placements, sampleRate: probe.sampleRate,
          channels: probe.channels,
          firstFrame: Int64((max(0, settings.fromSec) * Double(probe.sampleRate)).rounded()))
      } ?? writer
    let renderer = try SessionRenderer(source: source, sink: sink, settings: settings)
    renderer.takeAudio = takeAudio
    let drift = try RecordedPlayback.play(
      session, from: log, into: renderer,
      endSec: settings.toSec ?? RecordedPlayback.endSec(of: session),
      progress: progress)
    try writer.finish()
    return (probe, renderer.framesWritten, drift)
  }

  /// Renders the whole of `session` with the defaults (24-bit, from the start to its end), from
  /// its recorded audio checked against its SHA-256: what a download of the session is. The takes
  /// it listened back to are read from `takes` (nil: none kept, and such a session throws
  /// ``ListenedTakeUnavailable``).
  ///
  /// - Throws: ``SessionAudioFile/Problem`` when the audio is not usable,
  ///   ``TakeLibrary/Problem`` when a take heard is, `AudioFileError` when one cannot be read or
  ///   the output written.
  public static func renderWhole(
    _ session: SessionRecord, from log: any EventLog, takes: TakeLibrary?,
    container: AudioContainer, to output: URL
  ) throws {
    _ = try render(
      session, from: log,
      source: try SessionAudioFile.resolve(session, override: nil, force: false), to: output,
      container: container, settings: RenderSettings(toSec: RecordedPlayback.endSec(of: session)),
      takeAudio: takes.map { library in { try library.checkedAudio(of: $0) } })
  }
}
