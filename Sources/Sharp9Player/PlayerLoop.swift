import Foundation
import Sharp9App
import Sharp9Audio
import Sharp9Domain
import Sharp9Store

/// The player's run loop on the front end's thread: keys to actions (each at a frame the engine
/// reserved, so its `t` is the device time it takes effect), engine reports to ticks and meters,
/// the tee drained to its file, the screen redrawn ~30 times a second.
final class PlayerLoop {
  private let core: AppCore
  private let engine: LiveEngine
  private let output: DeviceOutput?
  private let null: NullOutput?
  private let tee: AudioFileWriter?
  private let song: URL
  private let isNew: Bool
  private let peaks: WaveformPeaks
  private let rate: Double
  private var lock = LockGate()
  private var meters = (left: LevelMeter(), right: LevelMeter())
  private var last = EngineReport(
    frame: 0, positionSec: 0, isPlaying: false, peakLeft: 0, peakRight: 0, underruns: 0,
    lateCommands: 0)
  private var lastTickFrame: Int64 = 0
  private var showHelp = false
  /// When the keys being handled were read (``MonotonicClock``), while measuring; else 0.
  private var keysReadSec = 0.0
  /// Where keys' time goes, when measuring (`--latency-log`).
  private(set) var latency: LatencyProbe?
  private var quitting = false

  /// Ticks per second of device time (the seeds' ~30).
  static let ticksPerSecond = 30.0
  /// Seconds between redraws.
  static let redrawSec = 1.0 / 30

  init(
    core: AppCore, engine: LiveEngine, output: DeviceOutput?, tee: AudioFileWriter?,
    song: URL, isNew: Bool, measuring: Bool = false
  ) throws {
    self.core = core
    self.engine = engine
    self.output = output
    self.null = output == nil ? NullOutput(engine: engine) : nil
    self.tee = tee
    self.song = song
    self.isNew = isNew
    latency = measuring ? LatencyProbe() : nil
    rate = Double(engine.sampleRate)
    peaks = engine.audio.peaks(bucketFrames: 512)
    last.frame = engine.reserveFrame() - Int64(engine.framesPerCallback)
    last.loopPractice = engine.startingLoopPractice
    lastTickFrame = last.frame
  }

  /// Plays until the musician quits or a signal arrives; returns the error that ended it, if
  /// any. The terminal is restored in every case.
  func run() -> (any Error)? {
    let terminal: TerminalSession
    do { terminal = try TerminalSession() } catch { return error }
    defer { terminal.restore() }
    do {
      if isNew {
        try send(.importPicked(url: song))
        try send(
          .importSucceeded(
            track: TrackMeta(
              name: song.lastPathComponent, durationSec: engine.audio.format.durationSec)))
      }
      try output?.stream.start()
      var lastDraw = ContinuousClock.now - .seconds(1)
      var turnBegan = MonotonicClock.nowSec()
      while !quitting {
        null?.pump()
        var resized = try takeKeys(terminal, waitingMilliseconds: 4)
        let collectBegan = MonotonicClock.nowSec()
        try collect()
        // Keys that arrived during the collect's appends go out before the draw, not after it.
        if try takeKeys(terminal, waitingMilliseconds: 0) { resized = true }
        let drawBegan = MonotonicClock.nowSec()
        if terminalSignal.load(ordering: .relaxed) != 0 { quitting = true }
        if resized { lastDraw = .now - .seconds(1) }
        if ContinuousClock.now - lastDraw >= .milliseconds(33) {
          lastDraw = .now
          try draw(terminal)
        }
        let turnEnded = MonotonicClock.nowSec()
        latency?.turned(
          turnSec: turnEnded - turnBegan, collectSec: drawBegan - collectBegan,
          drawSec: turnEnded - drawBegan)
        turnBegan = turnEnded
      }
      try stop()
      return nil
    } catch {
      try? output?.stream.stop()
      return error
    }
  }

  /// `t` of the last recorded event (ticks older than it are not sent: `t` never goes back).
  private var lastT: Double { core.session?.lastT ?? 0 }

  /// Reads the keys that have arrived (waiting up to `waitingMilliseconds` for the first) and
  /// sends their actions at once; says whether the terminal was resized.
  private func takeKeys(_ terminal: TerminalSession, waitingMilliseconds: Int32) throws -> Bool {
    let keys = terminal.readKeys(waitingMilliseconds: waitingMilliseconds)
    guard !keys.isEmpty else { return false }
    if latency != nil { keysReadSec = MonotonicClock.nowSec() }
    defer { keysReadSec = 0 }
    for key in keys where key != .resize {
      try handle(key, terminal: terminal)
    }
    return keys.contains(.resize)
  }

  /// Sends `action` at the next frame the engine has not rendered.
  private func send(_ action: Action) throws {
    let frame = engine.reserveFrame()
    let reservedSec = keysReadSec > 0 ? MonotonicClock.nowSec() : 0
    try core.send(action, at: Double(frame) / rate)
    if keysReadSec > 0 {
      let queuedSec =
        engine.lastQueuedClockSec >= reservedSec
        ? engine.lastQueuedClockSec : MonotonicClock.nowSec()
      latency?.pressed(
        readSec: keysReadSec, reservedSec: reservedSec, queuedSec: queuedSec, frame: frame)
    }
  }

  private func handle(_ key: PlayerKey, terminal: TerminalSession) throws {
    if key == .interrupt {
      quitting = true
      return
    }
    let state = core.state
    if state.isLocked {
      if lock.unlocks(key, atSec: Double(last.frame) / rate) { try send(.setLocked(false)) }
      return
    }
    let playhead = projectedPlayhead()
    switch key {
    case .click(let column, let row), .drag(let column, let row):
      let layout = PlayerLayout(columns: terminal.size.columns, rows: terminal.size.rows)
      guard
        let time = layout.time(
          column: column, row: row, playheadSec: playhead,
          durationSec: engine.audio.format.durationSec)
      else { return }
      if case .click = key {
        try send(.tapWaveform(timeSec: time))
      } else {
        try send(.dragScrub(timeSec: time))
      }
    default:
      switch PlayerBindings.command(for: key, state: state, playheadSec: playhead) {
      case .send(let action): try send(action)
      case .toggleHelp: showHelp.toggle()
      case .quit: quitting = true
      case .ignore: break
      }
    }
  }

  /// The playhead at the frame the next action would take: the last report moved on at the
  /// current speed (the engine reports every callback, so this is at most a few ms of motion).
  private func projectedPlayhead() -> Double {
    guard last.isPlaying else { return last.positionSec }
    let ahead = Double(engine.reserveFrame() - last.frame) / rate
    return min(
      last.positionSec + ahead * core.state.transport.speed, engine.audio.format.durationSec)
  }

  /// Takes the engine's reports (meters, ticks), drains the tee, expires the toast.
  private func collect() throws {
    var reports: [EngineReport] = []
    engine.drainReports { reports.append($0) }
    for report in reports {
      let span = Double(report.frame - last.frame) / rate
      let now = Double(report.frame) / rate
      meters.left.add(peak: report.peakLeft, durationSec: span, nowSec: now)
      meters.right.add(peak: report.peakRight, durationSec: span, nowSec: now)
      // Stops after the last pass and trainer steps happened at a wrap on the audio thread; the
      // actions say so (recorded now, naming the wrap's time).
      let practised = report.loopPractice.actions(since: last.loopPractice)
      last = report
      for action in practised { try send(action) }
      latency?.resolve(report, sampleRate: rate)
      if Double(report.frame - lastTickFrame) >= rate / Self.ticksPerSecond, now >= lastT {
        lastTickFrame = report.frame
        try core.send(.tick(currentTimeSec: report.positionSec), at: now)
      }
    }
    if let tee { try engine.drainTee(into: tee) }
    // The toast's own expiry, in session time: an action the core sends after the player's
    // (the song's saved loops after the load) is stamped by the core's clock, not a frame.
    if let toast = core.state.toast, let session = core.session,
      Double(last.frame) / rate > toast.expiresAt.timeIntervalSince(session.startedAt.date)
    {
      try send(.clearToastIfExpired(now: nil))
    }
  }

  /// Pauses (so the session ends in silence, faded), lets the fade reach the device, records a
  /// last tick there, and stops the stream.
  private func stop() throws {
    var until = last.frame
    if core.state.transport.isPlaying {
      try send(.togglePlay)
      until = engine.scheduledFrame + Int64(0.02 * rate)
    }
    let deadline = ContinuousClock.now + .seconds(2)
    while last.frame < until, ContinuousClock.now < deadline {
      null?.pump()
      try collect()
      Thread.sleep(forTimeInterval: 0.002)
    }
    try output?.stream.stop()
    try collect()
    let now = Double(last.frame) / rate
    if now >= lastT { try core.send(.tick(currentTimeSec: last.positionSec), at: now) }
  }

  private func draw(_ terminal: TerminalSession) throws {
    let size = terminal.size
    let screen = PlayerScreen(
      layout: PlayerLayout(columns: size.columns, rows: size.rows), peaks: peaks,
      colour: terminal.hasColour)
    let now = Double(last.frame) / rate
    let view = PlayerView(
      state: core.state, playheadSec: last.positionSec, isPlaying: last.isPlaying,
      fileName: song.lastPathComponent, sessionID: core.session?.idString ?? "(new)",
      deviceLine: output?.description ?? "no device (tee only)",
      levelsDB: (meters.left.levelDB, meters.right.levelDB),
      holdsDB: (meters.left.holdDB, meters.right.holdDB),
      clipping: (meters.left.isClipping(atSec: now), meters.right.isClipping(atSec: now)),
      underruns: last.underruns, lateCommands: last.lateCommands, showHelp: showHelp,
      completedPasses: last.loopPractice.completedPasses)
    try terminal.draw(screen.draw(view))
  }
}
