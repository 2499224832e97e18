import Foundation
import Sharp9Audio
import Sharp9Domain
import Sharp9Store

/// Everything outside the pure reducer that an ``AppCore`` touches, passed in so a test pins each
/// one (a fixed clock, counting session ids, an in-memory log, a ``SilentAudioEngine``, the
/// analyses of the loaded file).
///
/// ```swift
/// let dependencies = AppDependencies(
///   log: try EventStore(path: path), engine: SilentAudioEngine(recordsCalls: false))
/// ```
public struct AppDependencies {
  /// Where events are appended.
  public var log: any EventLog
  /// What plays the audio; it is handed every effect after its event is durable.
  public var engine: any AudioEngine
  /// The wall and monotonic clocks.
  public var clock: AppClock
  /// The id of each new session.
  public var makeSessionID: () -> UUID
  /// Computes a loaded file's waveform peaks for the `computePeaks` effect; `nil` skips them
  /// (a recorder behind a pipe has no waveform to draw).
  public var computePeaks: ((URL) throws -> WaveformPeaks)?

  /// Dependencies with the live clock and random session ids unless given.
  public init(
    log: any EventLog, engine: any AudioEngine, clock: AppClock = .live(),
    makeSessionID: @escaping () -> UUID = { UUID() },
    computePeaks: ((URL) throws -> WaveformPeaks)? = nil
  ) {
    self.log = log
    self.engine = engine
    self.clock = clock
    self.makeSessionID = makeSessionID
    self.computePeaks = computePeaks
  }
}
