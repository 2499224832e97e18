import Foundation
import Sharp9Audio
import Sharp9Domain
import Sharp9Store

/// One song practised live: the app core, the live engine and its clock (a device, or the
/// ``NullOutput`` when there is none), the tee. Every front end that plays (the terminal player,
/// the practice page) drives one of these from a thread of its own, in turns: ``pump()``, its
/// input through ``send(_:)``, ``collect(onReport:)``; and ends it with ``stop()``.
///
/// - An action is sent at the first frame the audio thread has not begun rendering, past where
///   the device's bursts can take it meanwhile (``DeviceCatchUp``), claimed until its effects are
///   with the engine (``sendClaimed(_:notBefore:)``), so its `t` is the device time it takes
///   effect at, and a render of the session is what was heard. A song's opening is sent at a
///   frame reserved far enough ahead for the core to log it and its restored marks first
///   (``ControlLead``); one that arrives late anyway is named (``late``).
/// - Engine reports become meters (the output's, and the input's with one) and, ~30 times a
///   second of device time, `tick` actions; the tee is drained to its file; an expired toast is
///   cleared at its own time.
/// - ``stop()`` pauses first (the session ends faded, in silence), lets the fade reach the device,
///   records a last tick and stops the stream.
/// - With an input, the stream is duplex: while recording is armed and the song plays, a
///   ``TakeRecorder`` writes a take from the frame playback started (or the loop wrapped) to the
///   frame it stopped (or wrapped again), and each finished take is sent as `takeRecorded`.
///   Without one asked for, the system's default input is opened when recording is first armed
///   (``openDefaultInput()``): a stream that never records stays output only.
///
/// Not `Sendable`: it belongs to the thread that drives it, like its core.
public final class LiveSession {
  /// The app core recording the session.
  public let core: AppCore
  /// The engine the device clocks.
  public let engine: LiveEngine
  /// The device, or nil when the null clock paces the engine.
  public private(set) var output: DeviceOutput?
  /// The input takes are recorded from, or nil when there is none (yet).
  public private(set) var input: InputDevice?
  /// Writes the takes (nil without an input and a take library).
  private var recorder: TakeRecorder?
  /// What an input opened later needs: the device, the take library, the store its
  /// calibration is kept in, the stream's buffer.
  private let recording: RecordingSetup
  /// Whether the default input was tried and would not open with the device (arming again does
  /// not reopen the stream: each try is a gap the musician hears).
  private var defaultInputRefused = false
  /// The loop pass of the take being recorded (nil: not looping, or none is).
  private var takePass: Int?
  /// Whether a take is being written (recording is armed and the song plays).
  public private(set) var isTaking = false
  /// The speed and pitch since recent frames, for the takes begun at them.
  private var speedAndPitch = SpeedAndPitchHistory()
  /// The song's beat grid being analysed (nil: not asked, or sent).
  private var beatAnalysis: BackgroundBeatAnalysis?
  /// A line for the screen about recording (why arming did nothing, a take lost), or nil.
  public private(set) var recordingNotice: String?
  /// The device pair's calibrated round trip, subtracted from every take (nil: none stored, so
  /// takes are moved back by the round trip the device reports, which misses the converters).
  public private(set) var calibration: DeviceCalibration?

  /// Recording, for the screen: "● rec" while a take is written, "rec armed" while armed, the
  /// notice when there is one, else nil.
  public var recordingLine: String? {
    if let recordingNotice { return recordingNotice }
    if let problem = engine.takeProblem { return problem }
    if isTaking { return "● rec" }
    guard core.state.recording.isArmed else { return nil }
    return calibration == nil
      ? "rec armed (not calibrated: sharp9 devices --calibrate)" : "rec armed"
  }

  /// The actions the engine applied after their frame (each heard later than logged).
  public private(set) var late = LateActions()
  /// How far the device's bursts and catch-ups can take the audio thread meanwhile.
  private var catchUp = DeviceCatchUp()
  /// Room left for the core to log an action before the engine reaches its frame.
  private var controlLead = ControlLead()
  /// Whether the started device still calls back.
  private var deviceWatch = DeviceWatch()
  /// Seconds since the device last called back, once it has been silent long enough to have
  /// stopped (``DeviceWatch``); nil while it calls back, and without a device.
  public var deviceSilentSec: Double? {
    output == nil ? nil : deviceWatch.silentSec(atSec: MonotonicClock.nowSec())
  }
  private let null: NullOutput?
  private let tee: AudioFileWriter?
  /// The device's frames per second.
  public let rate: Double
  /// The left and right meters.
  public private(set) var meters = (left: LevelMeter(), right: LevelMeter())
  /// The input's left and right meters (a mono input's one channel on both; at the floor
  /// without an input).
  public private(set) var inputMeters = (left: LevelMeter(), right: LevelMeter())
  /// Whether the input's meters are worth showing: there is an input to record from and
  /// recording is armed (so also while a take is written).
  public var showsInputMeters: Bool { recorder != nil && core.state.recording.isArmed }
  /// The engine's last report.
  public private(set) var last = EngineReport(
    frame: 0, positionSec: 0, isPlaying: false, peakLeft: 0, peakRight: 0, underruns: 0,
    lateCommands: 0)
  private var lastTickFrame: Int64 = 0
  private var started = false
  /// The error of a commit that failed after the engine had its action (the stream is stopped).
  private var stoppedBy: (any Error)?

  /// Ticks per second of device time (the seeds' ~30).
  public static let ticksPerSecond = 30.0

  /// What to play and how.
  public struct Options {
    /// The song, decoded.
    public var audio: DecodedAudio
    /// The device, found (``DeviceOutput/find(name:)``), or nil to play on the null clock.
    public var device: (PortAudioLibrary, OutputDevice)?
    /// The input takes are recorded from (``DeviceOutput/findInput(name:library:)``), or nil:
    /// arming then says there is no input.
    public var input: InputDevice?
    /// Where takes are kept (nil: nowhere, recording is unavailable).
    public var takes: TakeLibrary?
    /// The tee's writer, already created: it receives every frame sent to the device.
    public var tee: AudioFileWriter?
    /// Frames per device callback.
    public var framesPerCallback: Int
    /// The least device buffer to ask for, in milliseconds (0: the device's lowest).
    public var bufferMilliseconds = 0
    /// The new session's title, audio and version, when it is not a continued one.
    public var newSession: NewSessionInfo

    /// Creates the options.
    public init(
      audio: DecodedAudio, device: (PortAudioLibrary, OutputDevice)?,
      input: InputDevice? = nil, takes: TakeLibrary? = nil, tee: AudioFileWriter?,
      framesPerCallback: Int, newSession: NewSessionInfo, bufferMilliseconds: Int = 0
    ) {
      self.bufferMilliseconds = bufferMilliseconds
      self.takes = takes
      self.audio = audio
      self.device = device
      self.input = input
      self.tee = tee
      self.framesPerCallback = framesPerCallback
      self.newSession = newSession
    }
  }

  /// Sets up the engine (where `previous` left off, or at frame 0), the device's stream (not
  /// started) and the core recording into `previous` or a new session on `store`.
  ///
  /// - Throws: ``PlayerUnavailable`` when the device's stream cannot be opened; the store's and
  ///   the engine's errors.
  public init(_ options: Options, store: any EventLog, continuing previous: SessionRecord?) throws {
    let start = try LiveStart(previous: previous, store: store, audio: options.audio)
    let format = options.audio.format
    let recordsFrom = options.device == nil ? nil : options.input
    let capture = recordsFrom.map {
      Self.capture(from: $0, format: format, framesPerCallback: options.framesPerCallback)
    }
    let library = options.takes
    let engine = try LiveEngine(
      audio: options.audio, startFrame: start.frame, timeline: start.timeline,
      framesPerCallback: options.framesPerCallback, teeSeconds: options.tee == nil ? 0 : 30,
      input: capture,
      // Checked as a render checks it: a take changed since it was recorded is not heard as if
      // it were the one the log names.
      takeAudio: library.map { library in { try library.checkedAudio(of: $0) } })
    self.engine = engine
    output = try options.device.map {
      try DeviceOutput(
        device: $0, input: recordsFrom, engine: engine,
        bufferMilliseconds: options.bufferMilliseconds)
    }
    let recording = RecordingSetup(
      device: options.device, takes: options.takes, store: store as? EventStore,
      framesPerCallback: options.framesPerCallback,
      bufferMilliseconds: options.bufferMilliseconds)
    self.recording = recording
    if let capture, let recordsFrom,
      let made = try recording.recorder(
        capture: capture, input: recordsFrom, sampleRate: format.sampleRate)
    {
      recorder = made.recorder
      calibration = made.calibration
    }
    null = output == nil ? NullOutput(engine: engine) : nil
    input = recordsFrom
    tee = options.tee
    core = try AppCore(
      dependencies: AppDependencies(log: store, engine: engine),
      start: previous.map { .continuing($0) } ?? .new(options.newSession),
      reportsLoadResults: false)
    // A continued session's grid is in its state, not in the replayed timeline: the engine gets
    // it at its first frame, as the render has it from the earlier part.
    if previous != nil { engine.setBeatGrid(core.state.beatGrid) }
    // So is the take listened to: the render chose it when the earlier part did.
    let listening = core.state.recording
    if previous != nil, !listening.listening.isDefault {
      engine.setTakeMix(take: listening.heardTake?.recording, balance: listening.listening.balance)
    }
    rate = Double(engine.sampleRate)
    last.frame = engine.renderedFrame
    last.loopPractice = engine.startingLoopPractice
    lastTickFrame = last.frame
  }

  /// Records the song's opening (a new session: `importPicked` of `url`, then `importSucceeded`
  /// with the track called `name`), starts the device, and, when the session has no analysed
  /// beat grid yet, starts analysing it (``BackgroundBeatAnalysis``).
  public func start(song url: URL, name: String, isNew: Bool) throws {
    if isNew {
      try send(.importPicked(url: url))
      try send(
        .importSucceeded(
          track: TrackMeta(name: name, durationSec: engine.audio.format.durationSec)))
    }
    try output?.stream.start()
    started = true
    deviceWatch.started(atSec: MonotonicClock.nowSec())
    // (A continued session whose first part ended before its grid was found asks again.)
    if core.state.hasTrack, core.state.rhythm.detected == nil {
      beatAnalysis = BackgroundBeatAnalysis(audio: engine.audio)
    }
  }

  /// The capture of `input` for a song of `format`: the song's channels, or fewer if the input
  /// has fewer.
  private static func capture(
    from input: InputDevice, format: AudioFormat, framesPerCallback: Int
  ) -> InputCapture {
    InputCapture(
      channels: min(input.maxInputChannels, format.channels), sampleRate: format.sampleRate,
      settling: .device(framesPerBlock: framesPerCallback, sampleRate: format.sampleRate))
  }

  /// Opens the system's default input when recording is first armed and none was asked for:
  /// the device's stream stops (the blocks queued play out), is reopened duplex with the input,
  /// and starts again at the frame it stopped at, so the session's clock and the tee go on
  /// unbroken. The musician hears the reopening as a short gap when the song plays; arming
  /// before playing hears nothing (the stream plays silence). A system without an input, or an
  /// input the device will not open with, leaves the stream output only and says why
  /// (``recordingNotice``). Opened only then, not at the start: a duplex stream drops out more
  /// often than an output alone (PulseAudio), which a musician who is not recording should never
  /// hear, and a system asks for the microphone only when it is wanted.
  /// - Throws: ``PlayerUnavailable`` when the output cannot be reopened on its own either.
  private func openDefaultInput() throws {
    guard let device = recording.device, output != nil, recording.canRecord,
      !defaultInputRefused
    else { return }
    let found: InputDevice?
    do {
      found = try DeviceOutput.findInput(name: nil, library: device.0)
    } catch let error as PlayerUnavailable {
      recordingNotice = error.message
      return
    }
    guard let found else { return }
    let capture = Self.capture(
      from: found, format: engine.audio.format, framesPerCallback: engine.framesPerCallback)
    // Closing the stream stops it first; the engine's clock waits at the frame it rendered to.
    output = nil
    engine.attachInput(capture)
    do {
      output = try DeviceOutput(
        device: device, input: found, engine: engine,
        bufferMilliseconds: recording.bufferMilliseconds)
      if let made = try recording.recorder(
        capture: capture, input: found, sampleRate: engine.sampleRate)
      {
        recorder = made.recorder
        calibration = made.calibration
        input = found
      }
    } catch is PlayerUnavailable {
      defaultInputRefused = true
      recordingNotice =
        "nothing to record from: the input \(found.name) does not open with \(device.1.name)"
        + " (see sharp9 devices, --input NAME)"
      output = try DeviceOutput(
        device: device, engine: engine, bufferMilliseconds: recording.bufferMilliseconds)
    }
    guard started else { return }
    try output?.stream.start()
    // A new stream's timestamps and bursts are its own.
    catchUp = DeviceCatchUp()
    deviceWatch.started(atSec: MonotonicClock.nowSec())
  }

  /// Sends the analysed beat grid, once found, at the next frame: the engine clicks on it from
  /// there, and the render, replaying the event at that frame, does too. A grid the musician
  /// started meanwhile (taps, a typed tempo, a shift) is theirs to keep: the analysis came too
  /// late to be their starting point, and is dropped.
  private func sendAnalysedBeatGrid() throws {
    guard let analysis = beatAnalysis, let outcome = analysis.outcome else { return }
    beatAnalysis = nil
    let rhythm = core.state.rhythm
    guard case .found(let grid) = outcome, rhythm.detected == nil, rhythm.edit == GridEdit(),
      rhythm.taps.isEmpty
    else { return }
    try send(.beatGridDetected(grid))
  }

  /// Device time now (the last report's frame), in seconds since the session started.
  public var nowSec: Double { Double(last.frame) / rate }

  /// Renders the null clock's due blocks (nothing with a device: its callback renders).
  public func pump() { null?.pump() }

  /// Sends `action` at the next frame the engine has not rendered; returns that frame.
  @discardableResult
  public func send(_ action: Action) throws -> Int64 {
    if action == .setRecordingArmed(true), recorder == nil {
      // Before the frame is reserved: the stream reopens meanwhile.
      try openDefaultInput()
      guard recorder != nil else {
        recordingNotice =
          recordingNotice ?? "nothing to record from: no input (see sharp9 devices, --input NAME)"
        return engine.nextFrame
      }
    }
    if case .listenToTake(let id) = action,
      let take = core.state.recording.takes.first(where: { $0.id == id })
    {
      // Decoded before the frame is reserved: decoding after it could queue the take late.
      engine.prepareTake(take.recording)
    }
    let began = MonotonicClock.nowSec()
    let rendered = engine.renderedFrame
    let reachable = catchUp.frame(
      atSec: began, rate: rate, renderedFrame: rendered, blockFrames: engine.framesPerCallback)
    let before = playing
    let frame: Int64
    switch action {
    case .importPicked, .importSucceeded:
      // The song's restored marks follow an opening with effects of their own, sent after the
      // commit: the frame must leave room for all of them.
      frame = engine.reserveFrame(
        leadFrames: controlLead.frames(atSec: began, rate: rate), reachableFrame: reachable ?? 0)
      try core.send(action, at: Double(frame) / rate)
    default:
      frame = try sendClaimed(action, notBefore: reachable ?? 0)
    }
    let roomSec = Double(frame - rendered) / rate
    if playing != before {
      speedAndPitch.note(playing, fromFrame: frame, before: before)
      if isTaking { recorder?.played(at: playing, fromFrame: frame) }
    }
    let sent = MonotonicClock.nowSec()
    controlLead.note(durationSec: sent - began, atSec: sent)
    late.sent(action.kind, atFrame: frame, sendSec: sent - began, roomSec: roomSec)
    followRecording(at: frame)
    return frame
  }

  /// Sends `action` at a claimed frame (``LiveEngine/claimFrame(notBefore:)``): the first the
  /// audio thread has not begun rendering, at or past `notBefore`. Its effects reach the engine
  /// once its event is staged, before the commit; when the audio thread began that frame's block
  /// first, the engine drops them, the append is rolled back, and the action is claimed again at
  /// the next. So an action waits for the next callback, not for the disk, and is heard exactly
  /// where the log says.
  ///
  /// The commit comes after the engine has the action, but the device plays it a buffer later
  /// (11.6 ms here), which an append outlasts only when the disk stalls. If the commit fails,
  /// the engine has an action the log does not: the stream is stopped at once and the session
  /// goes no further (``collect(onReport:)`` throws the commit's error from then on).
  private func sendClaimed(_ action: Action, notBefore: Int64) throws -> Int64 {
    var notBefore = notBefore
    while true {
      let frame = engine.claimFrame(notBefore: notBefore)
      let began = MonotonicClock.nowSec()
      var confirmed = false
      do {
        try core.send(action, at: Double(frame) / rate) { [engine] in
          guard engine.confirmClaim() else { throw ClaimTakenBack() }
          confirmed = true
        }
        // Queued behind an action the core is still handling, nothing was sent under the claim.
        if !confirmed { engine.withdrawClaim() }
        return frame
      } catch is ClaimTakenBack {
        // Half as long again as this try took, past what is rendered now: a send slower than a
        // block (a checkpoint of a large state) gets the room it needs instead of losing every
        // claim.
        let took = (MonotonicClock.nowSec() - began) * ControlLead.margin
        notBefore = max(notBefore, engine.renderedFrame + Int64((took * rate).rounded(.up)))
        continue
      } catch {
        if confirmed {
          abandon()
          stoppedBy = error
        } else {
          // Nothing was sent under the claim: closing it lets later commands through.
          engine.withdrawClaim()
        }
        throw error
      }
    }
  }

  /// The audio thread began a claimed frame's block before the action under it was sent.
  private struct ClaimTakenBack: Error {}

  /// Begins a take when recording is armed and the song plays, ends it when either stops.
  private func followRecording(at frame: Int64) {
    guard let recorder else { return }
    let state = core.state
    let wanted = state.recording.isArmed && state.transport.isPlaying
    if wanted, !isTaking {
      let loop = state.loop
      takePass = loop.enabled && loop.aSec != nil && loop.bSec != nil ? 1 : nil
      recorder.begin(
        atFrame: frame, pass: takePass, session: core.session?.id, playedAt: playing)
      isTaking = true
    } else if !wanted, isTaking {
      recorder.end(atFrame: frame)
      isTaking = false
    }
  }

  /// The song's speed and pitch as the session's state has them now.
  private var playing: SpeedAndPitch {
    SpeedAndPitch(
      speed: core.state.transport.speed, pitchSemitones: core.state.transport.pitchSemitones)
  }

  /// Splits the take at each loop wrap the engine reported, and sends the takes finished.
  private func collectTakes(_ report: EngineReport, after previous: EngineReport) throws {
    guard let recorder else { return }
    if report.loopPractice.trainerSteps > previous.loopPractice.trainerSteps {
      // The trainer stepped at a wrap on the audio thread; its action is sent after this.
      let step = Int64((report.loopPractice.lastTrainerStepWallSec * rate).rounded())
      let stepped = SpeedAndPitch(
        speed: report.loopPractice.lastTrainerSpeed, pitchSemitones: playing.pitchSemitones)
      speedAndPitch.note(stepped, fromFrame: step, before: playing)
    }
    if isTaking, let pass = takePass,
      report.loopPractice.passEnds > previous.loopPractice.passEnds
    {
      let wrap = Int64((report.loopPractice.lastPassEndWallSec * rate).rounded())
      if report.isPlaying {
        takePass = pass + 1
        recorder.begin(
          atFrame: wrap, pass: takePass, session: core.session?.id,
          playedAt: speedAndPitch.setting(atFrame: wrap) ?? playing)
      } else {
        recorder.end(atFrame: wrap)
        isTaking = false
      }
    }
    try sendTakes(recorder.finishedTakes())
  }

  private func sendTakes(_ outcomes: [TakeRecorder.Outcome]) throws {
    for outcome in outcomes {
      switch outcome {
      case .kept(let take): try send(.takeRecorded(speedAndPitch.stamp(take)))
      case .failed(let why): recordingNotice = "a take was lost: \(why)"
      }
    }
  }

  /// The command `key` gives, with the playhead the action would take effect at.
  public func command(for key: PlayerKey) -> PlayerCommand {
    PlayerBindings.command(for: key, state: core.state, playheadSec: projectedPlayhead())
  }

  /// The playhead at the frame the next action would take: the last report moved on at the
  /// current speed (the engine reports every callback, so this is at most a few ms of motion).
  public func projectedPlayhead() -> Double {
    guard last.isPlaying else { return last.positionSec }
    let ahead = Double(engine.nextFrame - last.frame) / rate
    return min(
      last.positionSec + ahead * core.state.transport.speed, engine.audio.format.durationSec)
  }

  /// `t` of the last recorded event (ticks older than it are not sent: `t` never goes back).
  private var lastT: Double { core.session?.lastT ?? 0 }

  /// Takes the engine's reports (meters, ticks; each also to `onReport`), drains the tee, clears
  /// an expired toast.
  public func collect(onReport: (EngineReport) -> Void = { _ in }) throws {
    if let stoppedBy { throw stoppedBy }
    var reports: [EngineReport] = []
    engine.drainReports { reports.append($0) }
    if !reports.isEmpty { deviceWatch.heard(atSec: MonotonicClock.nowSec()) }
    for report in reports {
      let span = Double(report.frame - last.frame) / rate
      let now = Double(report.frame) / rate
      meters.left.add(peak: report.peakLeft, durationSec: span, nowSec: now)
      meters.right.add(peak: report.peakRight, durationSec: span, nowSec: now)
      if engine.input != nil {
        inputMeters.left.add(peak: report.inputPeakLeft, durationSec: span, nowSec: now)
        inputMeters.right.add(peak: report.inputPeakRight, durationSec: span, nowSec: now)
      }
      // Stops after the last pass and trainer steps happened at a wrap on the audio thread; the
      // actions say so (recorded now, naming the wrap's time).
      let practised = report.loopPractice.actions(since: last.loopPractice)
      let previous = last
      last = report
      late.take(report, rate: rate)
      catchUp.heard(report, rate: rate)
      try collectTakes(report, after: previous)
      for action in practised { try send(action) }
      onReport(report)
      if Double(report.frame - lastTickFrame) >= rate / Self.ticksPerSecond, now >= lastT {
        lastTickFrame = report.frame
        try core.send(.tick(currentTimeSec: report.positionSec), at: now)
      }
    }
    if let tee { try engine.drainTee(into: tee) }
    if started { try sendAnalysedBeatGrid() }
    // The toast's own expiry, in session time: an action the core sends on its own is stamped
    // by the core, not by a frame the engine reserved.
    if let toast = core.state.toast, let session = core.session,
      nowSec > toast.expiresAt.timeIntervalSince(session.startedAt.date)
    {
      try send(.clearToastIfExpired(now: nil))
    }
  }

  /// Pauses (so the session ends in silence, faded), lets the fade reach the device, records a
  /// last tick there, and stops the stream. The core is not finished: see ``finish()``.
  public func stop() throws {
    guard started else { return }
    started = false
    deviceWatch.stopped()
    var until = last.frame
    if core.state.transport.isPlaying {
      try send(.togglePlay)
      until = engine.scheduledFrame + Int64(0.02 * rate)
    }
    let deadline = ContinuousClock.now + .seconds(2)
    while last.frame < until, ContinuousClock.now < deadline {
      pump()
      try collect()
      Thread.sleep(forTimeInterval: 0.002)
    }
    try output?.stream.stop()
    try collect()
    if let recorder { try sendTakes(recorder.close()) }
    if nowSec >= lastT { try core.send(.tick(currentTimeSec: last.positionSec), at: nowSec) }
  }

  /// Stops the stream after an error, without recording anything.
  public func abandon() {
    started = false
    deviceWatch.stopped()
    try? output?.stream.stop()
    _ = recorder?.close()
  }

  /// Closes the tee's file and ends the recording (after ``stop()`` or ``abandon()``).
  public func finish() throws {
    try tee?.finish()
    try core.finish()
  }
}
