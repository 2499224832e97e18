import Foundation
import Sharp9Audio
import Sharp9Domain
import Sharp9Store

/// Writes takes from an ``InputCapture`` to the ``TakeLibrary`` on a thread of its own (never
/// the audio thread, never the front end's): the front end says at which session frames takes
/// begin and end, the thread writes the captured frames of each span to FLAC, flushes every
/// ``flushSeconds``, and once a span's last frame is written finishes the file, hashes it and
/// renames it into the library. Only then is the take reported (``finishedTakes()``), so the
/// `takeRecorded` action the front end sends names a complete file.
///
/// The input's frames are moved back by the stream's round trip, so a take's frame N is what the
/// musician played while hearing the song's frame N: the pair's calibrated round trip, moved by as
/// much as the round trip the device's timestamps report moved since calibration
/// (``Sharp9Store/DeviceCalibration/latencyFrames(reportedNow:)``); without a calibration, the
/// reported round trip alone (it misses the converters' part, a few milliseconds). The thread
/// places no input for good until the report has settled (``Sharp9Audio/ReportedRoundTrip``: 6.5 s
/// after the stream starts when its timestamps hold steady, up to 24 s while they drift): it holds
/// the input until then, and writes each open take placed by the report's last window meanwhile,
/// saying it may be out of time, so that a crash before the report settles leaves that take; once
/// settled, the input held is placed anew and the provisional file goes (closed before, the takes
/// are placed by the last window and say so). When the reported round trip moves for good later (a
/// sound server shifting its buffers after a stall), the input from the move on is moved back by as
/// much more (``RoundTripSchedule``): the thread holds the input whose round trip is undecided
/// until the move has settled (up to 2 s), so a take recorded after the move lines up as one before
/// it, and a take across it is spliced at the move. Every dropout the device reported up to a
/// take's end is counted in it (``TakeRecording/dropouts``), those while it was recorded and those
/// earlier in the stream, and so is a move that never settled: either can move the input against
/// the output for the rest of the stream (an underrun while a page loaded put the next take 64 ms
/// late, with both cores of a VM busy), so the take says it may be out of time rather than be
/// silently so. The event's ``TakeRecording/latencyFrames`` is the round trip of its first frame.
///
/// A span's frames are what the input captured: its start is the first frame written (the
/// input may start after the frame asked for) and a span still open when the recorder closes
/// ends at the last frame captured. A span with no frame captured is dropped without a report;
/// a span whose file cannot be written is reported as a failure, its partial file removed.
public final class TakeRecorder: @unchecked Sendable {
  /// What became of an ended span.
  public enum Outcome: Sendable, Equatable {
    /// The take is in the library.
    case kept(TakeRecording)
    /// Its file could not be written (a full disk, a removed folder): why.
    case failed(String)
  }

  /// A take's file being written (the writer thread's own).
  private struct OpenTake {
    var writer: AudioFileWriter
    /// The session frame of its first frame.
    var start: Int64
    /// The round trip its first frame was moved back by.
    var latencyFrames: Int64
    /// Frames written since the last flush.
    var sinceFlush = 0
    /// Where it belongs, as written beside its file (nil: no session was given).
    var placement: TakePlacement?
  }

  private struct Span {
    var id: Int
    var startFrame: Int64
    var endFrame: Int64?
    var pass: Int?
    var session: UUID?
    var playedAt: SpeedAndPitch?
    /// The song's changes of speed and pitch while it is open (session frames), for its
    /// placement.
    var changes: [(frame: Int64, setting: SpeedAndPitch)] = []
  }

  /// Seconds of audio between flushes of a take's file.
  public static let flushSeconds = 1.0
  /// How long past a span's end the input is read before the take is finished, so a dropout
  /// reported near its end is counted in it (a move of the round trip holds the input back until
  /// it is known, ``InputCapture/undecidedFrom``).
  public static let jumpLagSeconds = 0.125

  private let capture: InputCapture
  private let library: TakeLibrary
  private let inputName: String
  private let sampleRate: Int
  private let calibration: DeviceCalibration?
  // Shared with the writer thread; guarded by `condition`.
  private let condition = NSCondition()
  private var spans: [Span] = []
  private var outcomes: [Outcome] = []
  private var nextID = 0
  private var closing = false
  private var closed = false
  private var capturedUntil: Int64 = -1

  /// Starts the writer thread reading `capture`, moving its frames back by the round trip
  /// `calibration` gives for the stream (nil: the pair is not calibrated).
  public init(
    capture: InputCapture, library: TakeLibrary, inputName: String, sampleRate: Int,
    calibration: DeviceCalibration? = nil
  ) {
    self.calibration = calibration
    self.capture = capture
    self.library = library
    self.inputName = inputName
    self.sampleRate = sampleRate
    let thread = Thread { [self] in run() }
    thread.name = "sharp9 takes"
    thread.start()
  }

  /// Whether a span is open (begun, not ended).
  public var isRecording: Bool {
    locked { spans.last.map { $0.endFrame == nil } ?? false }
  }

  /// Begins a take at session frame `frame` (`pass`: its loop pass, nil when not looping) of
  /// `session`, which its file's ``TakePlacement`` names until it is finished (nil: none is
  /// written, and a crash leaves the take to be offered, not placed), played along with the song
  /// at `playedAt`. An open take ends there first.
  public func begin(
    atFrame frame: Int64, pass: Int?, session: UUID? = nil, playedAt: SpeedAndPitch? = nil
  ) {
    locked {
      // Changes noted from `frame` on (a key pressed after a wrap that was reported late) are
      // the new take's.
      var later: [(frame: Int64, setting: SpeedAndPitch)] = []
      if let last = spans.indices.last, spans[last].endFrame == nil {
        spans[last].endFrame = frame
        later = spans[last].changes.filter { $0.frame >= frame }
        spans[last].changes.removeAll { $0.frame >= frame }
      }
      nextID += 1
      spans.append(
        Span(
          id: nextID, startFrame: frame, endFrame: nil, pass: pass, session: session,
          playedAt: playedAt, changes: later))
    }
  }

  /// From session frame `frame` on, the song plays at `setting`: the open take's placement says
  /// so from the next block written, so that a take recovered after a crash keeps the changes
  /// made while it was recorded. (A finished take's are stamped by whoever sends it, who knows
  /// them all.)
  public func played(at setting: SpeedAndPitch, fromFrame frame: Int64) {
    locked {
      guard let last = spans.indices.last, spans[last].endFrame == nil else { return }
      spans[last].changes.append((frame, setting))
    }
  }

  /// Ends the open take at session frame `frame` (nothing when none is open).
  public func end(atFrame frame: Int64) {
    locked {
      if let last = spans.indices.last, spans[last].endFrame == nil {
        spans[last].endFrame = frame
      }
    }
  }

  /// The takes finished since the last call, in the order they were recorded.
  public func finishedTakes() -> [Outcome] {
    locked {
      defer { outcomes.removeAll() }
      return outcomes
    }
  }

  /// Ends the open take at the last frame captured, waits (at most `timeout` seconds) for the
  /// thread to finish every take, stops it, and returns the takes finished since
  /// ``finishedTakes()`` was last called.
  public func close(timeout: Double = 10) -> [Outcome] {
    condition.lock()
    defer { condition.unlock() }
    closing = true
    condition.broadcast()
    let deadline = Date(timeIntervalSinceNow: timeout)
    while !closed, condition.wait(until: deadline) {}
    defer { outcomes.removeAll() }
    return outcomes
  }

  private func locked<Value>(_ body: () throws -> Value) rethrows -> Value {
    condition.lock()
    defer { condition.unlock() }
    return try body()
  }

  // MARK: The writer thread

  private func run() {
    var writers: [Int: OpenTake] = [:]
    // Until the report settles: each open take placed by the report so far, the file a crash
    // leaves (``writeProvisionally``).
    var provisional: [Int: OpenTake] = [:]
    let channels = capture.channels
    var scratch = [Float](repeating: 0, count: 8192 * channels)
    // Captured, not yet placed: the input from `heldFrame` on whose round trip is undecided.
    var held: [Float] = []
    var heldFrame: Int64 = 0
    var failed: Set<Int> = []
    var dropouts: [Int64] = []
    var moves: [Move] = []
    var schedule: RoundTripSchedule?
    // Moves queued before the schedule started, followed with the first block read.
    var earlier: [InputCapture.Shift] = []
    while true {
      if schedule == nil, let start = startingRoundTrip(closing: locked { closing }) {
        // After the report settled: every move queued before it is in the ring by now.
        earlier = capture.shifts()
        schedule = RoundTripSchedule(
          latency: start.latency, reports: start.reports, earlier: earlier,
          sampleRate: sampleRate)
        // A report that never held steady may be milliseconds off: every take of the stream
        // may be out of time, and says so.
        if !start.steady { dropouts.append(.min) }
      }
      let read = scratch.withUnsafeMutableBufferPointer { capture.read(into: $0) }
      if let read {
        if held.isEmpty { heldFrame = read.frame }
        held += scratch[0..<(read.frames * channels)]
      }
      guard var current = schedule else {
        writeProvisionally(held, from: heldFrame, into: &provisional, failed: &failed)
        if read == nil { Thread.sleep(forTimeInterval: 0.005) }
        continue
      }
      // After the block: every dropout and settled move up to it is queued by now, and whether
      // its round trip is known.
      let undecided = capture.undecidedFrom
      var shifts = capture.shifts()
      if !earlier.isEmpty {
        shifts.insert(contentsOf: earlier, at: 0)
        earlier = []
      }
      for shift in shifts {
        switch current.follow(shift, sampleRate: sampleRate) {
        case .moved(let before): moves.append((shift.frame, before))
        case .jitter: break
        case .cannot: dropouts.append(current.stamp(shift.frame))
        }
      }
      dropouts += capture.dropouts().map { current.stamp($0) }
      schedule = current
      let (spansNow, isClosing) = locked { (spans, closing) }
      // Closing, what is still undecided is placed as it stands.
      let decidedEnd =
        isClosing && read == nil
        ? Int64.max : current.firstUndecidedCapture(undecided: undecided)
      let heldFrames = held.count / channels
      let placed = Int(max(0, min(Int64(heldFrames), decidedEnd - heldFrame)))
      if placed > 0 {
        for run in current.runs(from: heldFrame, count: placed) {
          let block = (frame: run.stamp, frames: run.frames)
          let samples = held[(run.offset * channels)..<((run.offset + run.frames) * channels)]
          for span in spansNow where !failed.contains(span.id) {
            do {
              try write(
                block, samples: samples, of: span, latencyFrames: run.latency,
                dropouts: (dropouts, moves), into: &writers)
            } catch {
              failed.insert(span.id)
              discard(span.id, of: &writers)
              discard(span.id, of: &provisional)
              report(id: span.id, .failed(describe(error)))
            }
          }
          locked { capturedUntil = max(capturedUntil, run.stamp + Int64(run.frames)) }
        }
        held.removeFirst(placed * channels)
        heldFrame += Int64(placed)
      }
      // A take placed by the settled round trip replaces its provisional file once on disk.
      for id in provisional.keys where writers[id] != nil {
        writers[id]?.writer.flush()
        discard(id, of: &provisional)
      }
      let until = locked { capturedUntil }
      for span in spansNow {
        // A dropout is known only after its block: a span ends once the capture is
        // ``jumpLagSeconds`` past it, so one near its end is still counted in it.
        let lag = Int64(Self.jumpLagSeconds * Double(sampleRate))
        let ended = span.endFrame.map { $0 + lag <= until } ?? false
        guard ended || (isClosing && read == nil) else { continue }
        let entry = writers.removeValue(forKey: span.id)
        if failed.remove(span.id) == nil, let entry {
          let end = entry.start + entry.writer.framesWritten
          report(
            id: span.id,
            finish(
              entry.writer, start: entry.start, pass: span.pass, playedAt: span.playedAt,
              latencyFrames: entry.latencyFrames,
              dropouts: Self.dropouts(dropouts, moves: moves, from: entry.start, upTo: end)))
        } else {
          report(id: span.id, nil)
        }
        discard(span.id, of: &provisional)
      }
      if isClosing, read == nil {
        locked {
          closed = true
          condition.broadcast()
        }
        return
      }
      if read == nil { Thread.sleep(forTimeInterval: 0.005) }
    }
  }

  /// Until the stream's report settles, writes each open take's part of the input held (`held`,
  /// interleaved, its first frame captured at `frame`) placed by the report's last window so
  /// far (with the calibration), counting a dropout, so that a crash before the report settles
  /// leaves the take, saying it may be out of time (the report may drift by milliseconds for a
  /// stream's first seconds, ``Sharp9Audio/ReportedRoundTrip``). Once it has settled, the input
  /// held is placed anew by the settled round trip, and each provisional file goes once its
  /// take's file has replaced it. Nothing is written before the report's first window.
  private func writeProvisionally(
    _ held: [Float], from frame: Int64, into provisional: inout [Int: OpenTake],
    failed: inout Set<Int>
  ) {
    guard let window = capture.reportedRoundTrip.lastWindow, !held.isEmpty else { return }
    let windowLatency = latency(reported: window)
    let frames = held.count / capture.channels
    for span in locked({ spans }) where !failed.contains(span.id) {
      // A file keeps the round trip it was begun with.
      let latency = provisional[span.id]?.latencyFrames ?? windowLatency
      do {
        try write(
          (frame: frame - latency, frames: frames), samples: held[...], of: span,
          latencyFrames: latency, dropouts: ([.min], []), into: &provisional)
      } catch {
        failed.insert(span.id)
        discard(span.id, of: &provisional)
        report(id: span.id, .failed(describe(error)))
      }
    }
  }

  /// Drops the take `id` being written to `takes`: its hidden file goes, then its placement (a
  /// crash between leaves a placement without a take, which recovery clears).
  private func discard(_ id: Int, of takes: inout [Int: OpenTake]) {
    guard let url = takes[id]?.writer.url else { return }
    // The writer's last reference: it removes its unfinished file.
    takes[id] = nil
    library.removePlacement(ofWriter: url)
  }

  /// Writes the part of the placed input `block` (`samples`, interleaved) that falls in
  /// `span`; a new take's placement is written before its first frame, again with the block after
  /// a speed change, and at a flush when dropouts came since. Placed by a round trip longer than
  /// the one before (a move), the input may go back over frames the take has: they are left out
  /// (the input heard then what the device played before, or its silence). Placed by a shorter
  /// one, it skips ahead: the frames between are silence.
  private func write(
    _ block: (frame: Int64, frames: Int), samples: ArraySlice<Float>, of span: Span,
    latencyFrames: Int64, dropouts: (frames: [Int64], moves: [Move]),
    into writers: inout [Int: OpenTake]
  ) throws {
    let blockEnd = block.frame + Int64(block.frames)
    var from = max(block.frame, span.startFrame)
    let to = min(blockEnd, span.endFrame ?? blockEnd)
    var entry: OpenTake
    if let open = writers[span.id] {
      entry = open
      from = max(from, entry.start + entry.writer.framesWritten)
      guard from < to else { return }
      let gap = Int(from - (entry.start + entry.writer.framesWritten))
      if gap > 0 {
        let silence = [Float](repeating: 0, count: gap * capture.channels)
        try silence.withUnsafeBufferPointer { try entry.writer.write($0, frames: gap) }
        entry.sinceFlush += gap
      }
    } else {
      guard from < to else { return }
      entry = OpenTake(
        writer: try library.newWriter(sampleRate: sampleRate, channels: capture.channels),
        start: from, latencyFrames: latencyFrames,
        placement: span.session.map {
          TakePlacement(
            session: $0, startFrame: from, pass: span.pass, input: inputName,
            latencyFrames: latencyFrames,
            dropouts: Self.dropouts(dropouts.frames, moves: dropouts.moves, from: from, upTo: to),
            playedAt: span.playedAt, playedAtChanges: Self.changes(of: span, from: from))
        })
      writers[span.id] = entry
      if let placement = entry.placement {
        try library.writePlacement(placement, ofWriter: entry.writer.url)
      }
    }
    let channels = capture.channels
    let offset = Int(from - block.frame) * channels
    let frames = Int(to - from)
    try samples.withUnsafeBufferPointer { all in
      try entry.writer.write(
        UnsafeBufferPointer(rebasing: all[offset..<(offset + frames * channels)]), frames: frames)
    }
    entry.sinceFlush += frames
    let flushing = Double(entry.sinceFlush) >= Self.flushSeconds * Double(sampleRate)
    if flushing {
      entry.writer.flush()
      entry.sinceFlush = 0
    }
    // A speed change goes into the placement with the next block, not at the next flush: the
    // encoder writes its frames to the file as they fill, so a take cut short (kill -9) may be
    // recovered up to a second past its last flush, and would drift from a change made there.
    if var placement = entry.placement {
      let end = entry.start + entry.writer.framesWritten
      let count =
        flushing
        ? Self.dropouts(dropouts.frames, moves: dropouts.moves, from: entry.start, upTo: end)
        : placement.dropouts
      let changes = Self.changes(of: span, from: entry.start)
      if placement.dropouts != count || placement.playedAtChanges != changes {
        placement.dropouts = count
        placement.playedAtChanges = changes
        entry.placement = placement
        try library.writePlacement(placement, ofWriter: entry.writer.url)
      }
    }
    writers[span.id] = entry
  }

  /// The changes of `span` inside its take from `start` (its first frame written), for its
  /// placement (nil: none).
  private static func changes(of span: Span, from start: Int64) -> [PlayedAtChange]? {
    guard let first = span.playedAt else { return nil }
    let within = PlayedAtChange.within(
      span.changes, from: start, to: span.endFrame ?? Int64.max, first: first)
    return within.isEmpty ? nil : within
  }

  /// A move of the round trip the recorder followed: from the input stamped at `frame` (with the
  /// round trip before it) on, the input is moved back by a new one; `before` is the old one.
  typealias Move = (frame: Int64, before: Int64)

  /// The dropouts that may have moved a take from `start` to `end` (session frames): every
  /// dropout before its end, in it or earlier in the stream, and every move of the round trip
  /// followed within a round trip of it. A take wholly after a move lines up by the new round
  /// trip; one across it is spliced where the move showed in the timestamps, and the input can
  /// show it up to a round trip either side (a sound server's period moved the input 5,153
  /// frames before its timestamps said so, once).
  static func dropouts(_ frames: [Int64], moves: [Move], from start: Int64, upTo end: Int64)
    -> Int
  {
    frames.count { $0 < end }
      + moves.count { $0.frame + $0.before > start && $0.frame - $0.before < end }
  }

  /// Finishes a take's file and keeps it under its hash.
  private func finish(
    _ writer: AudioFileWriter, start: Int64, pass: Int?, playedAt: SpeedAndPitch?,
    latencyFrames: Int64, dropouts: Int
  ) -> Outcome {
    // Finished or failed, the take is no longer one a crash could cut short.
    defer { library.removePlacement(ofWriter: writer.url) }
    do {
      let frames = writer.framesWritten
      try writer.finish()
      let hash = try library.keep(writer.url)
      return .kept(
        TakeRecording(
          startFrame: start, endFrame: start + frames, pass: pass, input: inputName,
          sha256: hash, dropouts: dropouts, latencyFrames: latencyFrames, playedAt: playedAt))
    } catch {
      return .failed(describe(error))
    }
  }

  /// The round trip to move the input back by, once the stream's report has settled (nil:
  /// not yet), whether the stream reports one, and whether its report held steady. When closing
  /// first, the report's last window, not steady.
  private func startingRoundTrip(closing: Bool) -> (
    latency: Int64, reports: Bool, steady: Bool
  )? {
    let report = capture.reportedRoundTrip
    let reported: Int64?
    let steady: Bool
    switch report.settled {
    case .frames(let frames): (reported, steady) = (frames, report.isSteady)
    case .unreported: (reported, steady) = (nil, true)
    case .pending:
      guard closing else { return nil }
      // Closing first: the last window if there is one, not steady; none, as unreported.
      (reported, steady) = (report.lastWindow, report.lastWindow == nil)
    }
    return (latency(reported: reported), reported != nil, steady)
  }

  /// The round trip to move the input back by when the stream's timestamps report `reported`
  /// frames (nil: none): the calibration moved by the report, else the report alone (0 without
  /// either).
  private func latency(reported: Int64?) -> Int64 {
    calibration.map { $0.latencyFrames(reportedNow: reported) } ?? reported ?? 0
  }

  /// Removes the span and records its outcome (nil: nothing to report).
  private func report(id: Int, _ outcome: Outcome?) {
    locked {
      spans.removeAll { $0.id == id }
      if let outcome { outcomes.append(outcome) }
    }
  }

  private func describe(_ error: any Error) -> String {
    (error as? AudioFileError)?.detail ?? "\(error)"
  }
}
