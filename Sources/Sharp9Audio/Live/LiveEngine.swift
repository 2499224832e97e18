import Atomics
import Foundation
import Sharp9Domain

/// The live engine: the offline ``SessionRenderer`` itself, clocked by the audio device instead
/// of the virtual clock. One implementation, two clocks, so `sharp9 render` of a recorded session
/// reproduces what the device was given.
///
/// Two threads use it, each through its own side:
/// - The control side (the front end's thread) calls ``reserveFrame()`` before sending an action
///   (its `t` is that frame's time, `frame / sampleRate`), then the ``Sharp9Domain/AudioEngine``
///   calls the action's effects make; each becomes a ``ScheduledCommand`` at the reserved frame
///   in a lock-free queue. ``drainReports(_:)`` and ``drainTee(into:)`` collect what the audio
///   thread produced.
/// - The audio side, ``render(into:frames:underrun:)``, runs in the device callback: it renders
///   up to each queued command's frame, applies the command there, renders on to the end of the
///   block, then publishes a report and copies the block to the tee ring. It never allocates,
///   locks or touches a file (the source is a ``DecodedAudio`` in memory).
///
/// Beat grids reach the audio thread without allocating or releasing there: the engine owns
/// ``gridSlotCount`` buffers of ``Sharp9Domain/PracticeRules/maximumBeats`` beats, allocated at
/// init; ``setBeatGrid(_:)`` fills the next one on the control side and queues a command holding
/// only a view of it (pointers). A buffer is refilled only after the audio thread has applied a
/// later grid, so the one it reads is never written.
///
/// Takes listened back to reach it the same way: ``setTakeMix(take:balance:)`` decodes the take on
/// the control side (``LiveTakes``) and queues a view of it; the decoded take is freed only after
/// the audio thread applied a later choice and rendered past its fade.
///
/// An action's frame is either claimed or reserved. A claim (``claimFrame(notBefore:)``) is the
/// first frame the audio thread has not begun rendering: the commands sent under it take effect
/// exactly there if the claim is confirmed (``confirmClaim()``) before the audio thread begins
/// the block holding it, and are dropped if not (the sender claims again), so an action waits
/// for no more than the next callback and is never late. A reservation
/// (``reserveFrame(leadFrames:reachableFrame:)``) is one callback past the end of the block
/// being rendered, so a command normally reaches the audio thread before its frame; one that
/// arrives late is applied at once and counted (``EngineReport/lateCommands``), since that point
/// of the recording no longer matches what was heard.
public final class LiveEngine: AudioEngine, @unchecked Sendable {
  /// The decoded source.
  public let audio: DecodedAudio
  /// Frames per device callback (the lead given to commands).
  public let framesPerCallback: Int
  /// The loop practice progress the engine starts from (a continued session's), which reports
  /// are compared with first.
  public let startingLoopPractice: LoopPracticeProgress
  /// Where a duplex stream's input goes (nil: output only). Given at init, or attached later
  /// (``attachInput(_:)``) when a session first arms recording.
  public private(set) var input: InputCapture?
  /// Frames per second of the device clock (the source's rate).
  public var sampleRate: Int { audio.format.sampleRate }

  // Audio side (the device callback only).
  private let renderer: SessionRenderer
  private let sink: CallbackSink
  private var cursor: Int64
  private var underrunCount = 0
  private var lateCount = 0
  /// The frame the latest late command was meant for, and how far past it the engine was.
  private var lastLate: (frame: Int64, byFrames: Int64) = (-1, 0)
  /// The last claim the audio thread took back: its commands are dropped.
  private var droppedClaim: Int64 = -1

  // Shared, lock-free.
  private let commands = SPSCRing(
    capacity: 1024, filler: ScheduledCommand(frame: 0, command: .pause))
  private let reports = SPSCRing(
    capacity: 256,
    filler: EngineReport(
      frame: 0, positionSec: 0, isPlaying: false, peakLeft: 0, peakRight: 0, underruns: 0,
      lateCommands: 0))
  private let tee: SPSCRing<Float>?
  private let renderedUntil: ManagedAtomic<Int64>
  /// The control side's claim (-1: none), until it confirms it or the audio thread, beginning
  /// the block that holds its frame first, takes it back: the frame shifted up by
  /// ``claimSerialBits``, below it a serial number, since two actions can claim one frame.
  private let claim = ManagedAtomic<Int64>(-1)
  /// Bits of a claim's serial number (a claim's frame is below 2^43: years of device time).
  static let claimSerialBits = 20
  private let teeOverflows = ManagedAtomic<Int>(0)
  /// The generation of the last grid the audio thread applied (0: none yet).
  private let appliedGrid = ManagedAtomic<Int>(0)
  /// The grid buffers, used in turn (generation `g` in slot `g % gridSlotCount`).
  private let gridSlots: [ClickGridBuffer]
  /// The generation of the last take mix the audio thread applied (0: none yet).
  private let appliedTakeMix = ManagedAtomic<Int>(0)
  /// How many grid buffers: more grid changes than this within one callback's lead is a
  /// stopped audio thread.
  static let gridSlotCount = 8

  // Control side (the front end's thread only).
  private var reservedFrame: Int64
  /// The claim the commands sent now belong to (-1: none).
  private var openClaim: Int64 = -1
  /// The serial number of the last claim.
  private var claimSerial: Int64 = 0
  /// How many claims the audio thread took back (each one's action claimed the next block).
  public private(set) var claimsTakenBack = 0
  private var teeScratch: [Float]
  private var gridGeneration = 0
  private var takeMixGeneration = 0
  private let liveTakes: LiveTakes
  /// Why the take chosen last cannot be heard (nil: it can, or none is chosen).
  public var takeProblem: String? { liveTakes.problem }
  /// The playhead as last reported by the audio thread.
  public private(set) var currentTimeSec: Double = 0
  /// When the last command was queued for the audio thread, on ``MonotonicClock`` (the end of
  /// the control side's part of an action's way to the device, for latency measurements).
  public private(set) var lastQueuedClockSec: Double = 0

  /// Prepares the pipeline for `audio`, with the device clock starting at `startFrame`.
  /// - Parameters:
  ///   - timeline: where an earlier part of the session left playback (a continued session); it
  ///     is advanced to `startFrame`. Nil: a new session, nothing loaded. (Its grid is not in
  ///     the timeline: send it with ``setBeatGrid(_:)`` before the device starts.)
  ///   - framesPerCallback: the device's block size (at most ``RenderSettings/blockFrames``).
  ///   - teeSeconds: how much output the tee ring holds between ``drainTee(into:)`` calls (0:
  ///     no tee).
  ///   - input: where the input blocks a duplex device hands ``render`` go.
  ///   - takeAudio: decodes a take to listen back to, on the control side (nil: takes cannot be
  ///     heard; choosing one says so in ``takeProblem``).
  /// - Throws: `StretchError` when the stretcher cannot be set up.
  public init(
    audio: DecodedAudio, startFrame: Int64 = 0, timeline: PlaybackTimeline? = nil,
    framesPerCallback: Int,
    settings: RenderSettings = RenderSettings(), teeSeconds: Double = 0,
    input: InputCapture? = nil, takeAudio: ((TakeRecording) throws -> DecodedAudio)? = nil
  ) throws {
    precondition(
      (1...settings.blockFrames).contains(framesPerCallback), "callback larger than a block")
    self.audio = audio
    self.framesPerCallback = framesPerCallback
    self.input = input
    sink = CallbackSink(channels: audio.format.channels)
    renderer = try SessionRenderer(decoded: audio, sink: sink, settings: settings)
    if takeAudio != nil { try renderer.prepareTakeVoices() }
    let rate = Double(audio.format.sampleRate)
    var start = timeline ?? PlaybackTimeline(wallSec: Double(startFrame) / rate)
    start.advance(toWallSec: Double(startFrame) / rate) { _ in }
    renderer.timeline = start
    startingLoopPractice = start.progress
    renderer.cursor = startFrame
    cursor = startFrame
    renderedUntil = ManagedAtomic(startFrame)
    reservedFrame = startFrame
    let teeSamples = Int(teeSeconds * rate) * audio.format.channels
    tee = teeSamples > 0 ? SPSCRing(capacity: teeSamples, filler: 0) : nil
    teeScratch = [Float](repeating: 0, count: 16_384 * audio.format.channels)
    gridSlots = (0..<Self.gridSlotCount).map { _ in
      ClickGridBuffer(capacity: PracticeRules.maximumBeats)
    }
    liveTakes = LiveTakes(
      sampleRate: audio.format.sampleRate, decode: takeAudio,
      // A fading take lasts one fade past the block its replacement was applied in.
      holdFrames: Int64((settings.fadeSec * rate).rounded()) + 2 * Int64(framesPerCallback))
  }

  // MARK: Control side

  /// Sends the input blocks of the duplex stream opened next to `capture`. Call only while no
  /// device stream calls back (none opened yet, or the last one stopped): the audio side reads
  /// ``input`` unguarded, and starting a stream orders this write before its first callback.
  public func attachInput(_ capture: InputCapture) {
    input = capture
  }

  /// The frame the next action takes effect at: one callback past the block being rendered (or
  /// past `reachableFrame`, where the audio thread may have rendered to by the time the action
  /// is sent, when that is later), `leadFrames` more (the sender's room to log the action
  /// first), and never before an earlier reservation. Its time, `frame / sampleRate`, is the
  /// action's `t`.
  @discardableResult
  public func reserveFrame(leadFrames: Int64 = 0, reachableFrame: Int64 = 0) -> Int64 {
    let rendered = renderedUntil.load(ordering: .acquiring)
    let earliest =
      max(rendered, reachableFrame) + Int64(framesPerCallback) + max(0, leadFrames)
    reservedFrame = max(reservedFrame, earliest)
    return reservedFrame
  }

  /// Claims the first frame the audio thread has not begun rendering (at least `notBefore`, and
  /// never before an earlier reservation) for the commands sent until ``confirmClaim()``; its
  /// time, `frame / sampleRate`, is the action's `t`.
  public func claimFrame(notBefore: Int64 = 0) -> Int64 {
    while true {
      let rendered = renderedUntil.load(ordering: .sequentiallyConsistent)
      let frame = max(rendered, reservedFrame, notBefore)
      claimSerial = claimSerial % (1 << Self.claimSerialBits - 1) + 1
      let word = frame << Self.claimSerialBits | claimSerial
      claim.store(word, ordering: .sequentiallyConsistent)
      // The audio thread publishes a block's end before it looks at the claim: if it has not
      // begun the block holding `frame` now, it sees the claim when it does.
      if renderedUntil.load(ordering: .sequentiallyConsistent) <= frame {
        reservedFrame = frame
        openClaim = word
        return frame
      }
    }
  }

  /// Ends the claim: true when the audio thread had not begun the block holding its frame (the
  /// commands sent under it take effect there), false when it had (they are dropped).
  public func confirmClaim() -> Bool {
    guard openClaim >= 0 else { return false }
    let confirmed = endClaim()
    if !confirmed { claimsTakenBack += 1 }
    return confirmed
  }

  /// Ends a claim nothing was sent under (its action failed or was queued for later).
  public func withdrawClaim() { _ = endClaim() }

  /// Clears the open claim; says whether the audio thread had not taken it back.
  private func endClaim() -> Bool {
    defer { openClaim = -1 }
    guard openClaim >= 0 else { return false }
    return claim.compareExchange(
      expected: openClaim, desired: -1, ordering: .sequentiallyConsistent
    ).exchanged
  }

  /// The frame the audio thread has rendered up to (the end of the block it is rendering).
  public var renderedFrame: Int64 { renderedUntil.load(ordering: .acquiring) }

  /// The frame of the last reservation or claim (commands sent now take effect there).
  public var scheduledFrame: Int64 { reservedFrame }

  /// The frame an action claimed now would take (``claimFrame(notBefore:)``), claiming nothing.
  public var nextFrame: Int64 { max(renderedFrame, reservedFrame) }

  /// The source's metadata (every load plays the decoded source, whatever `url` says).
  public func load(url: URL) throws -> TrackMeta {
    send(.load(durationSec: audio.format.durationSec))
    return TrackMeta(name: audio.url.lastPathComponent, durationSec: audio.format.durationSec)
  }
  /// Schedules play.
  public func play() { send(.play) }
  /// Schedules pause.
  public func pause() { send(.pause) }
  /// Schedules a seek.
  public func seek(toSec timeSec: Double) { send(.seek(toSec: timeSec)) }
  /// Schedules a speed change.
  public func setRate(_ rate: Double) { send(.speed(rate)) }
  /// Schedules a transposition.
  public func setPitchSemitones(_ semitones: Double) { send(.pitch(semitones: semitones)) }
  /// Schedules a loop change.
  public func setLoop(aSec: Double?, bSec: Double?, enabled: Bool) {
    send(.loop(aSec: aSec, bSec: bSec, enabled: enabled))
  }
  /// Schedules a change of how loop passes are practised.
  public func setLoopPractice(_ practice: LoopPractice) { send(.loopPractice(practice)) }

  /// Schedules a new grid for the metronome: copied into the next grid buffer here, on the
  /// control side; the audio thread gets a view of it.
  public func setBeatGrid(_ grid: BeatGrid?) {
    gridGeneration += 1
    let oldest = gridGeneration - Self.gridSlotCount + 1
    precondition(
      appliedGrid.load(ordering: .acquiring) >= oldest,
      "beat grid buffers all in use: the audio thread has stopped")
    let view = gridSlots[gridGeneration % Self.gridSlotCount].fill(grid)
    send(.grid(view, generation: gridGeneration))
  }
  /// Schedules new click settings.
  public func setClicks(_ clicks: ClickSettings) { send(.clicks(clicks)) }

  /// Decodes `take` now, on the control side, so that a ``setTakeMix(take:balance:)`` choosing it
  /// next costs no decoding: call it before reserving the frame of the action that chooses it.
  /// Decoding takes longer than a callback, and a command queued after its frame was rendered
  /// is late: the device would hear the take later than the log (and the render) says.
  public func prepareTake(_ take: TakeRecording) { liveTakes.prepare(take) }

  /// Schedules the take to hear and the balance: the take is decoded here, on the control side
  /// (once; a few are kept for A/B), and the audio thread gets a view of it. A take that cannot
  /// be decoded is not heard (``takeProblem`` says why).
  public func setTakeMix(take: TakeRecording?, balance: Double) {
    takeMixGeneration += 1
    liveTakes.release(
      applied: appliedTakeMix.load(ordering: .acquiring),
      renderedUntil: renderedUntil.load(ordering: .acquiring))
    let sound = liveTakes.choose(take, generation: takeMixGeneration)
    send(
      .takeMix(
        sound, isPassTake: take?.pass != nil, balance: balance, generation: takeMixGeneration))
  }

  private func send(_ command: EngineCommand) {
    // 1024 slots hold minutes of key presses; the audio thread drains every few milliseconds.
    let queued = commands.push(
      ScheduledCommand(frame: reservedFrame, command: command, claim: openClaim))
    precondition(queued, "engine command queue full: the audio thread has stopped")
    lastQueuedClockSec = MonotonicClock.nowSec()
  }

  /// Hands every report the audio thread published since the last call to `body`, oldest first,
  /// and updates ``currentTimeSec``.
  public func drainReports(_ body: (EngineReport) throws -> Void) rethrows {
    while let report = reports.pop() {
      currentTimeSec = report.positionSec
      try body(report)
    }
  }

  /// Writes what the audio thread sent to the device since the last call to `writer`.
  /// - Throws: the writer's error; ``LiveEngineError/teeOverflow`` when the ring overflowed (the
  ///   file would no longer be what was heard).
  public func drainTee(into writer: AudioFileWriter) throws {
    guard let tee else { return }
    let channels = audio.format.channels
    try teeScratch.withUnsafeMutableBufferPointer { scratch in
      while true {
        let samples = tee.pop(into: scratch)
        guard samples > 0 else { break }
        try writer.write(
          UnsafeBufferPointer(rebasing: scratch[0..<samples]), frames: samples / channels)
      }
    }
    if teeOverflows.load(ordering: .relaxed) > 0 { throw LiveEngineError.teeOverflow }
  }

  // MARK: Audio side

  /// Renders the next `frames` device frames into `output` (interleaved, the source's channel
  /// count), applying each queued command at its frame. Call from the device callback only.
  /// - Parameters:
  ///   - underrun: the device reported that the previous block came too late.
  ///   - dacTimeSec: when the block's first frame reaches the DAC, on the device's clock (0:
  ///     unknown); passed on in the report, for latency measurements.
  ///   - callbackTimeSec: when the callback was invoked, on the same clock (0: unknown).
  ///   - input: a duplex device's input block (``input``'s channels), captured at the block's
  ///     first frame.
  ///   - inputOverflow: the device reported input it dropped before this block.
  ///   - adcTimeSec: when the input block's first frame left the ADC, on the device's clock (0:
  ///     unknown).
  public func render(
    into output: UnsafeMutablePointer<Float>, frames: Int, underrun: Bool = false,
    dacTimeSec: Double = 0, callbackTimeSec: Double = 0, input: UnsafePointer<Float>? = nil,
    inputOverflow: Bool = false, adcTimeSec: Double = 0
  ) {
    let enteredSec = MonotonicClock.nowSec()
    let rate = Double(audio.format.sampleRate)
    let start = cursor
    let end = cursor + Int64(frames)
    renderedUntil.store(end, ordering: .sequentiallyConsistent)
    let claimed = claim.load(ordering: .sequentiallyConsistent)
    if claimed >= 0, claimed >> Self.claimSerialBits < end,
      claim.compareExchange(expected: claimed, desired: -1, ordering: .sequentiallyConsistent)
        .exchanged
    {
      droppedClaim = claimed
    }
    if underrun { underrunCount += 1 }
    sink.begin(output)
    while let next = commands.peek(), next.frame < end {
      if next.claim >= 0, next.claim == droppedClaim || next.frame < start {
        // Sent under a claim taken back (now, or in an earlier block): its sender claims again.
        _ = commands.pop()
        continue
      }
      if next.frame > cursor { advance(toFrame: next.frame, rate: rate) }
      if next.frame < cursor {
        lateCount += 1
        lastLate = (next.frame, cursor - next.frame)
      }
      apply(next.command)
      _ = commands.pop()
    }
    advance(toFrame: end, rate: rate)
    let written = sink.framesWritten
    if written < frames {
      // Only after a render error: the rest of the block is silence, never garbage.
      (output + written * audio.format.channels).update(
        repeating: 0, count: (frames - written) * audio.format.channels)
    }
    var inputPeaks: (left: Float, right: Float) = (0, 0)
    if let input, let capture = self.input {
      inputPeaks = Self.peaks(input, frames: frames, channels: capture.channels)
    }
    publish(
      output, frames: frames, inputPeaks: inputPeaks,
      times: (dac: dacTimeSec, callback: callbackTimeSec, clock: enteredSec))
    if let input, let capture = self.input {
      capture.capture(
        input, frames: frames, atFrame: start, dropout: underrun || inputOverflow,
        roundTripSec: ReportedRoundTrip.seconds(dacTimeSec: dacTimeSec, adcTimeSec: adcTimeSec))
    }
  }

  private func advance(toFrame frame: Int64, rate: Double) {
    do {
      try renderer.advance(toWallSec: Double(frame) / rate)
    } catch {
      // The in-memory source and the callback sink do not throw; nothing to report here.
    }
    cursor = frame
  }

  private func apply(_ command: EngineCommand) {
    switch command {
    case .load(let durationSec): renderer.timeline.load(durationSec: durationSec)
    case .play: renderer.timeline.play()
    case .pause: renderer.timeline.pause()
    case .seek(let timeSec): renderer.timeline.seek(toSec: timeSec)
    case .speed(let speed): renderer.timeline.setSpeed(speed)
    case .pitch(let semitones): renderer.timeline.setPitchSemitones(semitones)
    case .loop(let aSec, let bSec, let enabled):
      renderer.timeline.setLoop(aSec: aSec, bSec: bSec, enabled: enabled)
    case .loopPractice(let practice): renderer.timeline.setLoopPractice(practice)
    case .grid(let grid, let generation):
      renderer.clickGrid = grid
      appliedGrid.store(generation, ordering: .releasing)
    case .clicks(let clicks): renderer.timeline.setClicks(clicks)
    case .takeMix(let sound, let isPassTake, let balance, let generation):
      renderer.applyTakeMix(sound, isPassTake: isPassTake, balance: balance)
      appliedTakeMix.store(generation, ordering: .releasing)
    }
  }

  /// The absolute peaks of the first and the last channel of `frames` interleaved frames.
  private static func peaks(_ samples: UnsafePointer<Float>, frames: Int, channels: Int) -> (
    left: Float, right: Float
  ) {
    var left: Float = 0
    var right: Float = 0
    for frame in 0..<frames {
      left = max(left, abs(samples[frame * channels]))
      right = max(right, abs(samples[frame * channels + channels - 1]))
    }
    return (left, right)
  }

  private func publish(
    _ output: UnsafeMutablePointer<Float>, frames: Int, inputPeaks: (left: Float, right: Float),
    times: (dac: Double, callback: Double, clock: Double)
  ) {
    let channels = audio.format.channels
    let peaks = Self.peaks(output, frames: frames, channels: channels)
    var report = EngineReport(
      frame: cursor, blockFrames: frames, dacTimeSec: times.dac,
      callbackTimeSec: times.callback, callbackClockSec: times.clock,
      positionSec: renderer.timeline.positionSec,
      isPlaying: renderer.timeline.isPlaying, isCountingIn: renderer.timeline.countIn != nil,
      peakLeft: peaks.left, peakRight: peaks.right,
      underruns: underrunCount, lateCommands: lateCount,
      loopPractice: renderer.timeline.progress)
    report.lastLateFrame = lastLate.frame
    report.lastLateByFrames = lastLate.byFrames
    report.inputPeakLeft = inputPeaks.left
    report.inputPeakRight = inputPeaks.right
    reports.push(report)
    if let tee {
      let samples = frames * channels
      if tee.push(contentsOf: UnsafeBufferPointer(start: output, count: samples)) < samples {
        teeOverflows.wrappingIncrement(ordering: .relaxed)
      }
    }
  }
}

/// Why the live engine could not keep its promise.
public enum LiveEngineError: Error, Equatable {
  /// The tee ring filled up before it was drained: the tee file is incomplete.
  case teeOverflow
}
