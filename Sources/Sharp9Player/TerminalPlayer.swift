import Foundation
import Sharp9App
import Sharp9Audio
import Sharp9Domain
import Sharp9Store

/// `sharp9 play`'s full-screen player: the device found, the session opened, the live engine and
/// the app core started, the run loop until the musician quits or a signal arrives, and the
/// session ended. The command line's shell around it checks its outputs and prints what the
/// musician reads afterwards.
public enum TerminalPlayer {
  /// What to play and how.
  public struct Options {
    /// The song, decoded.
    public var audio: DecodedAudio
    /// The output device: (part of) a name, or nil for the default; ignored without a device.
    public var deviceName: String?
    /// The input takes are recorded from: (part of) a name, or nil for the system's default
    /// input; ignored without a device.
    public var inputName: String?
    /// Where takes are kept (nil: recording is unavailable).
    public var takes: TakeLibrary?
    /// False to play on a clock with no device (tests).
    public var usesDevice: Bool
    /// The tee's writer, already created: it receives every frame sent to the device.
    public var tee: AudioFileWriter?
    /// Whether to measure each key's way to the device (``Outcome/latencyText``).
    public var measuresLatency: Bool
    /// Frames per device callback.
    public var framesPerCallback: Int
    /// The least device buffer to ask for, in milliseconds (0: the device's lowest).
    public var bufferMilliseconds = 0
    /// The new session's title, audio and version, when it is not a continued one.
    public var newSession: NewSessionInfo
    /// A line for the bottom of the screen until the first key (what happened before the
    /// player started), or nil.
    public var startNotice: String?

    /// Creates the options.
    public init(
      audio: DecodedAudio, deviceName: String?, inputName: String? = nil,
      takes: TakeLibrary? = nil, usesDevice: Bool, tee: AudioFileWriter?, measuresLatency: Bool,
      framesPerCallback: Int,
      newSession: NewSessionInfo
    ) {
      self.audio = audio
      self.deviceName = deviceName
      self.inputName = inputName
      self.takes = takes
      self.usesDevice = usesDevice
      self.tee = tee
      self.measuresLatency = measuresLatency
      self.framesPerCallback = framesPerCallback
      self.newSession = newSession
    }
  }

  /// How a run ended.
  public struct Outcome {
    /// The session recorded into (nil when the musician quit before any action).
    public var session: SessionRecord?
    /// Each key's way to the device, one line a key, when measuring.
    public var latencyText: String?
    /// The error that ended the run loop, after the session was ended cleanly.
    public var failure: (any Error)?
    /// The actions the device heard later than the log says (none, as a rule).
    public var late: [LateActions.Late] = []
  }

  /// Plays until the musician quits or a signal arrives.
  ///
  /// The device and the input are looked up before `openLog` is called, so without an output (or
  /// without the input asked for) no session is created; `openLog` returns the store and the session to continue (nil for a new one).
  /// Standard error is muted while the screen is the player's.
  ///
  /// - Throws: ``PlayerUnavailable`` (no terminal, no device), the store's and the engine's
  ///   errors while starting, the tee's and the log's while ending.
  public static func run(
    _ options: Options, openLog: () throws -> (store: any EventLog, continuing: SessionRecord?)
  ) throws -> Outcome {
    let mute = StandardErrorMute()
    defer { mute.restore() }
    let device = try options.usesDevice ? DeviceOutput.find(name: options.deviceName) : nil
    let input = try DeviceOutput.input(named: options.inputName, on: device)
    let (store, previous) = try openLog()
    let live = try LiveSession(
      LiveSession.Options(
        audio: options.audio, device: device, input: input, takes: options.takes, tee: options.tee,
        framesPerCallback: options.framesPerCallback, newSession: options.newSession,
        bufferMilliseconds: options.bufferMilliseconds),
      store: store, continuing: previous)
    let player = PlayerLoop(
      live: live, song: options.audio.url, isNew: previous == nil,
      measuring: options.measuresLatency, notice: options.startNotice)
    let failure = player.run()
    try live.finish()
    let core = live.core
    return Outcome(
      session: core.session, latencyText: player.latency?.text, failure: failure,
      late: live.late.found)
  }
}
