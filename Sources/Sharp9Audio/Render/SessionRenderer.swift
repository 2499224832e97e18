import Foundation
import Sharp9Domain

/// The offline engine: an ``AudioEngine`` on a virtual clock that renders exactly what
/// ``PlaybackTimeline`` says was heard. Replay feeds it each event's effects at the event's time
/// (``SessionPlayback``); between events ``advance(toWallSec:)`` renders the audio.
///
/// - Output is wall-clock audio at the source's rate and channel count: output frame `k` is wall
///   time `k / sampleRate` (minus ``RenderSettings/fromSec``); paused spans are silence unless
///   ``RenderSettings/skipPauses``.
/// - Playing spans stream the source through a ``TimeStretcher`` at the segment's speed and pitch.
///   Speed and pitch changes apply from the event's frame (the stretcher glides within one hop).
/// - A wrap or seek starts a new voice on the exact target frame (`round(position × rate)`) at
///   the event's frame and crossfades (equal power, ``RenderSettings/fadeSec``) from the old one,
///   which keeps playing past the jump while it fades. Play fades in; pause fades out after the
///   pause (as a live engine's de-click ramp does); the end of the track and the end of the
///   render fade out before they happen, so nothing clicks.
/// - The metronome's and the count-in's clicks are mixed over the voices on the wall frames of
///   their beats (see `SessionRenderer+Clicks.swift`).
/// - A take listened back to is laid over the song from the start of each pass, at the balance
///   asked for (see ``TakePlayback`` and `SessionRenderer+Takes.swift`).
/// - Deterministic and streaming: fixed voices and scratch, chunked reads; memory does not depend
///   on the session's length.
///
/// Every load plays the renderer's source file, whatever URL the session recorded: the caller
/// resolved and checked it (see `sharp9 render --audio`).
public final class SessionRenderer: VirtualClockEngine {
  /// The model the renderer follows.
  public var timeline = PlaybackTimeline()
  /// The source's rate, channels and length (the output has the same rate and channels).
  public let format: AudioFormat
  /// Frames written to the sink so far.
  public internal(set) var framesWritten: Int64 = 0

  let source: URL
  let sink: any RenderSink
  let settings: RenderSettings
  let curve: FadeCurve
  let voices: [RenderVoice]
  /// The voice meant to be heard now (nil while paused).
  var leader: RenderVoice?
  /// The next wall frame to render.
  var cursor: Int64 = 0
  /// Wall frames where output starts and ends.
  let fromFrame: Int64
  let toFrame: Int64
  var mix: [Float]
  /// The metronome's beats (see ``ClickGrid``) and, offline, the memory they are in.
  var clickGrid = ClickGrid.empty
  private var ownedClickGrid: ClickGridBuffer?
  let clickSound: ClickSound
  /// The click voice: the wall frame its click started on (far past: none), its accent and gain.
  var clickOnset = Int64.min / 2
  var clickAccent = false
  var clickGain: Float = 0
  /// Listening back: the take heard with the song, its line and the balance.
  var takes = TakePlayback()
  /// How far the take's line has gone at the song's speed (nil: no line).
  var takeLine: TakeLineClock?
  /// Stretcher voices for a take heard at another speed or pitch than it was played along at,
  /// each reading its own cursor (see `SessionRenderer+StretchedTakes.swift`); none until
  /// ``prepareTakeVoices()`` (three stretchers cost a render without such a take 10 MiB and
  /// 8 ms).
  private(set) var takeVoices: [RenderVoice] = []
  private(set) var takeCursors: [TakeCursor] = []
  /// The take voice meant to be heard (-1: none), the take it plays, the part of the take it has
  /// reached (`TakeSound+PlayedAt.swift`) and its stretch.
  var takeLeader = -1
  var takeLeaderSound: TakeSound?
  var takeLeaderPart = 0
  var takeLeaderRatio = 1.0
  /// Bumped whenever the take a voice should play changes; the voice started for which.
  var takeVoiceWanted = 0
  var takeVoiceStarted = 0
  /// The take voices' block, before the balance scales it.
  var takeMix: [Float]
  /// Whether the last segment rendered was part of a count-in (its end starts no new line).
  var wasCountingIn = false
  /// Where the offline renderer finds the audio of a take the session listened to (the live
  /// engine hands its renderer views of takes it decoded instead). Nil: nowhere, and a session
  /// that listened to a take cannot be rendered.
  public var takeAudio: ((TakeRecording) throws -> DecodedAudio)?
  /// The takes the offline renderer decoded, by SHA-256.
  var ownedTakes: [String: DecodedAudio] = [:]
  /// The speed changes of the takes it listened to, by take.
  var ownedChanges: [TakeRecording: PlayedAtChangeBuffer] = [:]
  /// Why a take the session listened to could not be found (thrown by the next advance).
  var takeFailure: (any Error)?

  /// Voices in the pool: one playing, one fading out, one spare for a second jump inside a fade.
  static let voiceCount = 3

  /// Opens `source` (one reader per voice) and prepares to render into `sink`.
  /// - Throws: `AudioFileError` when the source cannot be read, `StretchError` when the stretcher
  ///   cannot be set up.
  public convenience init(
    source: URL, sink: any RenderSink, settings: RenderSettings = RenderSettings()
  ) throws {
    try self.init(
      source: source, format: AudioFileReader(url: source).format, sink: sink, settings: settings
    ) { try AudioFileReader(url: source) }
  }

  /// Prepares to render `audio`, already in memory, into `sink`: the live engine's form (the
  /// audio thread never touches a file). Same pipeline, same samples as rendering the file.
  /// - Throws: `StretchError` when the stretcher cannot be set up.
  public convenience init(
    decoded audio: DecodedAudio, sink: any RenderSink, settings: RenderSettings = RenderSettings()
  ) throws {
    try self.init(source: audio.url, format: audio.format, sink: sink, settings: settings) {
      DecodedAudioCursor(audio)
    }
  }

  private init(
    source: URL, format: AudioFormat, sink: any RenderSink, settings: RenderSettings,
    stream: () throws -> any SourceStream
  ) throws {
    self.format = format
    self.source = source
    self.sink = sink
    self.settings = settings
    let rate = Double(format.sampleRate)
    curve = FadeCurve(length: Int((settings.fadeSec * rate).rounded()))
    voices = try (0..<Self.voiceCount).map { _ in
      try RenderVoice(
        source: stream(), quality: settings.quality, blockFrames: settings.blockFrames)
    }
    fromFrame = Int64((max(0, settings.fromSec) * rate).rounded())
    toFrame = settings.toSec.map { Int64((max(0, $0) * rate).rounded()) } ?? Int64.max
    mix = [Float](repeating: 0, count: settings.blockFrames * format.channels)
    takeMix = mix
    clickSound = ClickSound(sampleRate: format.sampleRate)
  }

  /// Makes the take voices, once: before a take that may need one is chosen (the offline
  /// renderer), or before the renderer is handed to an audio thread that may hear one (the live
  /// engine: the audio thread must not allocate).
  /// - Throws: `StretchError` when a stretcher cannot be set up.
  func prepareTakeVoices() throws {
    guard takeVoices.isEmpty else { return }
    let cursors = (0..<Self.voiceCount).map { _ in
      TakeCursor(sampleRate: format.sampleRate, channels: format.channels)
    }
    takeVoices = try cursors.map { cursor in
      try RenderVoice(source: cursor, quality: settings.quality, blockFrames: settings.blockFrames)
    }
    takeCursors = cursors
  }

  /// The source file's name and length (every load plays the source, see the type's notes).
  public func trackMeta(for url: URL) throws -> TrackMeta {
    TrackMeta(name: source.lastPathComponent, durationSec: format.durationSec)
  }

  /// Keeps a copy of `grid` for the metronome (the offline renderer's own memory; the live
  /// engine hands its renderer views of preallocated buffers instead).
  public func setBeatGrid(_ grid: BeatGrid?) {
    let buffer = ClickGridBuffer(capacity: grid?.beats.count ?? 0)
    clickGrid = buffer.fill(grid)
    ownedClickGrid = buffer
  }

  /// Renders wall time up to `wallSec`, segment by segment, as the timeline says.
  public func advance(toWallSec wallSec: Double) throws {
    if let takeFailure { throw takeFailure }
    while let segment = timeline.nextSegment(untilWallSec: wallSec) {
      try render(segment)
    }
  }

  /// The wall frame of a wall time.
  func frame(atWallSec wallSec: Double) -> Int64 {
    Int64((wallSec * Double(format.sampleRate)).rounded())
  }
}
