import Foundation
import Sharp9App
import Sharp9Audio
import Sharp9Domain
import Sharp9Store
import Sharp9Words

/// The player's run loop on the front end's thread, around the shared ``LiveSession`` (actions at
/// reserved frames, reports to ticks and meters, the tee): keys to actions, the screen redrawn
/// ~30 times a second.
final class PlayerLoop {
  private let live: LiveSession
  private let song: URL
  private let isNew: Bool
  private let peaks: WaveformPeaks
  private var lock = LockGate()
  private var showHelp = false
  /// The typing line while it is open (``TypedCommand``), else nil.
  private var prompt: String?
  /// Why the last typed line did nothing (or what happened before the player started), shown
  /// until the next key.
  private var notice: String?
  /// When the keys being handled were read (``MonotonicClock``), while measuring; else 0.
  private var keysReadSec = 0.0
  /// Where keys' time goes, when measuring (`--latency-log`).
  private(set) var latency: LatencyProbe?
  private var quitting = false

  /// Seconds between redraws.
  static let redrawSec = 1.0 / 30

  init(
    live: LiveSession, song: URL, isNew: Bool, measuring: Bool = false, notice: String? = nil
  ) {
    self.live = live
    self.notice = notice
    self.song = song
    self.isNew = isNew
    latency = measuring ? LatencyProbe() : nil
    peaks = live.engine.audio.peaks(bucketFrames: 512)
  }

  /// Plays until the musician quits or a signal arrives; returns the error that ended it, if
  /// any. The terminal is restored in every case.
  func run() -> (any Error)? {
    let terminal: TerminalSession
    do { terminal = try TerminalSession() } catch { return error }
    defer { terminal.restore() }
    do {
      try live.start(song: song, name: song.lastPathComponent, isNew: isNew)
      var lastDraw = ContinuousClock.now - .seconds(1)
      var turnBegan = MonotonicClock.nowSec()
      while !quitting {
        live.pump()
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
      try live.stop()
      return nil
    } catch {
      live.abandon()
      return error
    }
  }

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

  /// Sends `action` at the next frame the engine has not rendered, measuring its way there.
  private func send(_ action: Action) throws {
    let reservedSec = keysReadSec > 0 ? MonotonicClock.nowSec() : 0
    let frame = try live.send(action)
    if keysReadSec > 0 {
      latency?.sent(
        readSec: keysReadSec, reservedSec: reservedSec, frame: frame, engine: live.engine)
    }
  }

  private func handle(_ key: PlayerKey, terminal: TerminalSession) throws {
    if key == .interrupt {
      quitting = true
      return
    }
    if live.core.state.isLocked {
      if lock.unlocks(key, atSec: live.nowSec) { try send(.setLocked(false)) }
      return
    }
    notice = nil
    if let line = prompt {
      try type(key, into: line)
      return
    }
    switch key {
    case .click(let column, let row), .drag(let column, let row):
      let layout = PlayerLayout(columns: terminal.size.columns, rows: terminal.size.rows)
      guard
        let time = layout.time(
          column: column, row: row, playheadSec: live.projectedPlayhead(),
          durationSec: live.engine.audio.format.durationSec)
      else { return }
      if case .click = key {
        try send(.tapWaveform(timeSec: time))
      } else {
        try send(.dragScrub(timeSec: time))
      }
    default:
      switch live.command(for: key) {
      case .send(let action): try send(action)
      case .prompt(let text): prompt = text
      case .toggleHelp: showHelp.toggle()
      case .quit: quitting = true
      case .ignore: break
      }
    }
  }

  /// A key while the typing line is open: letters go in, Backspace takes one out, Escape closes
  /// it, Return sends what it says (or shows why it says nothing).
  private func type(_ key: PlayerKey, into line: String) throws {
    switch key {
    case .character(let character): prompt = line + String(character)
    case .backspace: prompt = String(line.dropLast())
    case .escape: prompt = nil
    case .enter:
      prompt = nil
      switch TypedCommand.parse(line, state: live.core.state, playheadSec: live.projectedPlayhead())
      {
      case .send(let action): try send(action)
      case .refused(let why): notice = why
      }
    default: break
    }
  }

  /// Takes the engine's reports (into the latency probe too, when measuring).
  private func collect() throws {
    let rate = live.rate
    try live.collect { report in latency?.resolve(report, sampleRate: rate) }
  }

  private func draw(_ terminal: TerminalSession) throws {
    let size = terminal.size
    let screen = PlayerScreen(
      layout: PlayerLayout(columns: size.columns, rows: size.rows), peaks: peaks,
      colour: terminal.hasColour)
    let now = live.nowSec
    let (last, meters, core) = (live.last, live.meters, live.core)
    // A device that stopped calling back comes before recording: nothing is recorded then.
    let deviceNotice =
      live.deviceSilentSec == nil
      ? live.recordingLine : PracticeStatusText.deviceStopped + " (q, then play again)"
    let view = PlayerView(
      state: core.state, playheadSec: last.positionSec, isPlaying: last.isPlaying,
      fileName: song.lastPathComponent, sessionID: core.session?.idString ?? "(new)",
      deviceLine: (live.output?.description ?? "no device (tee only)")
        + (deviceNotice.map { "   \($0)" } ?? ""),
      levelsDB: (meters.left.levelDB, meters.right.levelDB),
      holdsDB: (meters.left.holdDB, meters.right.holdDB),
      clipping: (meters.left.isClipping(atSec: now), meters.right.isClipping(atSec: now)),
      inputMeters: live.showsInputMeters
        ? (
          MeterReading(live.inputMeters.left, atSec: now),
          MeterReading(live.inputMeters.right, atSec: now)
        ) : nil,
      underruns: last.underruns, lateCommands: last.lateCommands, showHelp: showHelp,
      completedPasses: last.loopPractice.completedPasses, prompt: prompt, notice: notice)
    try terminal.draw(screen.draw(view))
  }
}
