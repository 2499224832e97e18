import Foundation
import Sharp9App
import Sharp9Audio
import Sharp9Domain
import Sharp9Store
import Sharp9Words

/// `sharp9 app`'s live side: one ``LiveSession`` at a time (one song, one session), driven on a
/// thread of its own exactly as the terminal player drives its own: the null clock pumped, the
/// page's input sent at reserved frames, the engine's reports collected, the tee drained.
///
/// The HTTP handlers never touch the session: they hand jobs to the thread (``send(_:)``,
/// ``open(_:)``, ``close()``) and await the answer, and read the last published
/// ``PracticeSnapshot`` (``snapshot``), so no request blocks the event loop and no session is
/// used from two threads. A snapshot is published whenever what it shows changed, at most
/// every ``publishInterval`` (≥ 30 a second while playing).
public final class PracticeHost: @unchecked Sendable {
  /// What the host plays on and records into.
  public struct Options: @unchecked Sendable {
    /// The database the sessions are recorded in (created if missing).
    public var databasePath: String
    /// The device, found, or nil to play on the null clock (tests, headless).
    public var device: (PortAudioLibrary, OutputDevice)?
    /// The input takes are recorded from, by its name (``DeviceOutput/input(named:on:)`` finds it
    /// on the device each session opens on), or nil: the system's default, opened when recording
    /// is first armed (``Sharp9App/LiveSession``).
    public var inputName: String?
    /// Frames per device callback.
    public var framesPerCallback: Int
    /// The least device buffer to ask for, in milliseconds (0: the device's lowest).
    public var bufferMilliseconds: Int
    /// The version recorded with each session.
    public var sharp9Version: String
    /// The tee's writer for the first song opened (nil: no tee).
    public var makeTee: (@Sendable (DecodedAudio) throws -> AudioFileWriter?)?
    /// How long the open session outlives the last page (no live stream left) before it ends on
    /// a pause, as the close button ends it: long enough for a reload or a dropped connection.
    public var pageGrace: Duration
    /// Whether to measure each input's way to the device (``latencyText``; scripts/bench-app.sh).
    public var measuresLatency: Bool
    /// Told, when a session ends, the actions it heard later than their events say
    /// (``Sharp9App/LiveSession/late``), with the session's id; not told of a session without
    /// one (nil: nobody is told).
    public var reportLate: (@Sendable (UUID, [LateActions.Late]) -> Void)?
    /// The longest the thread waits between its turns while no song plays (while one plays:
    /// 2 ms, the engine pumped and the page published): a job (an input, an open) wakes it at
    /// once either way.
    public var idleWait = Duration.milliseconds(10)

    /// How long the session stays open with no page, unless told otherwise.
    public static let defaultPageGrace = Duration.seconds(30)

    /// Creates the options.
    public init(
      databasePath: String, device: (PortAudioLibrary, OutputDevice)?, inputName: String? = nil,
      framesPerCallback: Int, bufferMilliseconds: Int = 0, sharp9Version: String,
      makeTee: (@Sendable (DecodedAudio) throws -> AudioFileWriter?)? = nil,
      pageGrace: Duration = defaultPageGrace, measuresLatency: Bool = false,
      reportLate: (@Sendable (UUID, [LateActions.Late]) -> Void)? = nil
    ) {
      self.reportLate = reportLate
      self.databasePath = databasePath
      self.device = device
      self.inputName = inputName
      self.framesPerCallback = framesPerCallback
      self.bufferMilliseconds = bufferMilliseconds
      self.sharp9Version = sharp9Version
      self.makeTee = makeTee
      self.pageGrace = pageGrace
      self.measuresLatency = measuresLatency
    }
  }

  /// A song to open: decoded, kept in the library, with the name the musician knows it by.
  public struct Song: Sendable {
    /// The decoded audio (its `url` is the library's file).
    public var audio: DecodedAudio
    /// The name shown (the original file's).
    public var name: String
    /// The SHA-256 of the file's bytes, when it was computed as they arrived (an upload); nil:
    /// hashed when the song opens.
    public var sha256: String?

    /// Creates the song.
    public init(audio: DecodedAudio, name: String, sha256: String? = nil) {
      self.audio = audio
      self.name = name
      self.sha256 = sha256
    }
  }

  /// What the page sends: a key (mapped through the terminal player's bindings) or an action.
  enum Input: Sendable {
    case key(PlayerKey)
    case action(Action)
    /// A line typed as at the player's prompt.
    case typed(String)
  }

  /// The page sent input but no song is open.
  struct NoSong: Error {}

  /// The page answered an offer that is not (or no longer) open.
  struct NoOffer: Error {}

  private enum Job {
    /// The input, and when its request arrived (``MonotonicClock``) while measuring, else 0.
    case input(Input, receivedSec: Double, CheckedContinuation<Void, any Error>)
    case open(Song, CheckedContinuation<Void, any Error>)
    case answer(continues: Bool, CheckedContinuation<Void, any Error>)
    case close(CheckedContinuation<Void, any Error>)
    case shutdown(CheckedContinuation<Void, Never>)
    case devices(CheckedContinuation<DeviceChoice, any Error>)
    case chooseDevice(String, CheckedContinuation<Void, any Error>)
  }

  /// The most often a snapshot is published.
  static let publishInterval = Duration.milliseconds(25)

  private let options: Options
  /// The database file the practice app records into.
  var databasePath: String { options.databasePath }
  // Guarded by `lock`: the jobs waiting, what was last published. A condition, so that a job
  // wakes the thread at once instead of at its next turn.
  private let lock = NSCondition()
  private var jobs: [Job] = []
  private var published: (version: Int, json: String, peaks: String?)
  /// The pages following the live stream, and since when there has been none (nil: one is
  /// there, or none ever came: a session opened from the command line waits for its first page).
  private var pages = 0
  private var pagelessSince: ContinuousClock.Instant?

  // The thread's own.
  /// The device the next song opened plays on (the one given, until the page chooses another),
  /// and the line that says which (the live session's, once one is open).
  private var nextDevice: (PortAudioLibrary, OutputDevice)?
  private var device: String
  private var store: EventStore?
  private var live: LiveSession?
  /// The keyboard strip's analysis of the open song (nil: none could be planned; the strip
  /// stays dark).
  private var playheadNotes: PlayheadNotes?
  /// A song opened again, waiting for the musician to continue its last session or start anew.
  private var offered: (song: Song, source: RecordedAudio, previous: SessionRecord)?
  private var lockGate = LockGate()
  private var teeUsed = false
  private var ended = false
  private var problem: String?
  /// Where inputs' time goes, when measuring; the receipt of the input being taken, else 0.
  private var latency: LatencyProbe?
  private var inputReceivedSec = 0.0

  /// What the page shows when a session stopped on an error (the details go to standard error,
  /// the server's log: they may hold a path).
  static let stoppedSentence =
    "the session stopped on an error; everything up to it is recorded. Open the song again"

  /// Starts the thread; nothing is opened until ``open(_:)``.
  public init(options: Options) {
    self.options = options
    let device = Self.describe(options.device)
    self.device = device
    nextDevice = options.device
    latency = options.measuresLatency ? LatencyProbe() : nil
    published = (0, (try? Interchange.string(PracticeSnapshot.empty(device: device))) ?? "{}", nil)
    let thread = Thread { [self] in serve() }
    thread.name = "sharp9 practice"
    thread.start()
  }

  /// The last snapshot: its version (increasing) and JSON.
  var snapshot: (version: Int, json: String) {
    lock.withLock { (published.version, published.json) }
  }

  /// The open song's waveform peaks as JSON (``PracticePeaks``), or nil with no song.
  var peaks: String? { lock.withLock { published.peaks } }

  /// Sends the page's input at the next frame; throws ``NoSong``, the log's errors.
  func send(_ input: Input) async throws {
    let receivedSec = options.measuresLatency ? MonotonicClock.nowSec() : 0
    try await withCheckedThrowingContinuation {
      enqueue(.input(input, receivedSec: receivedSec, $0))
    }
  }

  /// Each input's way to the device (``LatencyProbe/text``) once ``shutdown()`` returned, when
  /// measuring; else nil.
  public var latencyText: String? { lock.withLock { finishedLatencyText } }
  private var finishedLatencyText: String?

  /// Ends the open session (on a pause) and opens `song`: a new session, or, when the song has
  /// sessions already (``SongHistory``), an offer to continue the latest one that the page
  /// answers (``answer(continues:)``); the snapshot shows it.
  public func open(_ song: Song) async throws {
    try await withCheckedThrowingContinuation { enqueue(.open(song, $0)) }
  }

  /// Answers the open offer: continue the song's last session, or start a new one (with the
  /// song's markers, speed, pitch and loops as that session left them). Throws ``NoOffer``.
  func answer(continues: Bool) async throws {
    try await withCheckedThrowingContinuation { enqueue(.answer(continues: continues, $0)) }
  }

  /// Ends the open session, if any, on a pause.
  func close() async throws {
    try await withCheckedThrowingContinuation { enqueue(.close($0)) }
  }

  /// Ends the open session on a pause and stops the thread.
  public func shutdown() async {
    await withCheckedContinuation { enqueue(.shutdown($0)) }
  }

  /// The outputs to choose from, the one playing and the one the next song opened plays on.
  func devices() async throws -> DeviceChoice {
    try await withCheckedThrowingContinuation { enqueue(.devices($0)) }
  }

  /// Plays the next song opened on the output named `name` (exactly, as ``devices()`` lists
  /// it). The open session keeps its device: a session is one device's timeline, and the
  /// engine's stream is opened with the session. Throws ``PlayerUnavailable``.
  func choose(device name: String) async throws {
    try await withCheckedThrowingContinuation { enqueue(.chooseDevice(name, $0)) }
  }

  /// A page started following the live stream.
  func pageArrived() {
    lock.withLock {
      pages += 1
      pagelessSince = nil
    }
  }

  /// A page stopped following the live stream (closed, reloaded, or its connection dropped).
  func pageLeft() {
    lock.withLock {
      pages -= 1
      if pages == 0 { pagelessSince = .now }
    }
  }

  private func enqueue(_ job: Job) {
    lock.withLock {
      jobs.append(job)
      lock.signal()
    }
  }

  // MARK: The thread

  private func serve() {
    var lastPublish = ContinuousClock.now - .seconds(1)
    while !ended {
      let batch = lock.withLock {
        defer { jobs.removeAll(keepingCapacity: true) }
        return jobs
      }
      for job in batch { handle(job) }
      endIfPageless()
      if let live {
        live.pump()
        do {
          let rate = live.rate
          try live.collect { report in latency?.resolve(report, sampleRate: rate) }
        } catch {
          end(after: error)
        }
      }
      if !batch.isEmpty || ContinuousClock.now - lastPublish >= Self.publishInterval {
        lastPublish = .now
        publish()
      }
      waitForJob(upTo: live == nil ? options.idleWait : .milliseconds(2))
    }
  }

  /// Waits until a job is queued or `wait` has passed: the engine is pumped and the page
  /// published at least that often, and an input (a click, a key) is taken as it arrives, not
  /// at the next turn (polling every 2 ms cost a click 1.2 ms at the median and 9.5 ms at p99
  /// under load, docs/benchmarks/app.md).
  private func waitForJob(upTo wait: Duration) {
    lock.withLock {
      if jobs.isEmpty { _ = lock.wait(until: Date(timeIntervalSinceNow: wait.inSeconds)) }
    }
  }

  private func handle(_ job: Job) {
    switch job {
    case .input(let input, receivedSec: let receivedSec, let continuation):
      inputReceivedSec = receivedSec
      defer { inputReceivedSec = 0 }
      continuation.resume(with: Result { try take(input) })
    case .open(let song, let continuation):
      continuation.resume(with: Result { try offer(song) })
    case .answer(let continues, let continuation):
      continuation.resume(
        with: Result {
          guard let offered else { throw NoOffer() }
          try start(
            offered.song, source: offered.source,
            continuing: continues ? offered.previous : nil)
        })
    case .close(let continuation):
      continuation.resume(with: Result { try endSession() })
    case .devices(let continuation):
      continuation.resume(with: Result { try deviceChoice() })
    case .chooseDevice(let name, let continuation):
      continuation.resume(with: Result { try choose(device: name) })
    case .shutdown(let continuation):
      do {
        try endSession()
      } catch {
        // The process is ending: say what was not recorded rather than end silently.
        FileHandle.standardError.write(
          Data("sharp9: error: ending the session on a pause failed: \(error)\n".utf8))
      }
      ended = true
      publish()
      let text = latency?.text
      lock.withLock { finishedLatencyText = text }
      continuation.resume()
    }
  }

  private func take(_ input: Input) throws {
    guard let live else { throw NoSong() }
    if live.core.state.isLocked {
      // Locked: nothing but the unlock gesture (the page's long press, or L three times).
      switch input {
      case .action(.setLocked(false)): try record(.setLocked(false), on: live)
      case .key(let key):
        if lockGate.unlocks(key, atSec: live.nowSec) { try record(.setLocked(false), on: live) }
      case .action, .typed: break
      }
      return
    }
    switch input {
    case .action(let action): try record(action, on: live)
    case .key(let key):
      if case .send(let action) = live.command(for: key) { try record(action, on: live) }
    case .typed(let line):
      switch TypedCommand.parse(line, state: live.core.state, playheadSec: live.projectedPlayhead())
      {
      case .send(let action): try record(action, on: live)
      case .refused(let why): throw APIFailure(.badRequest, why)
      }
    }
  }

  /// The device line now: the open session's stream (with the input it opened since it began),
  /// else the last line shown.
  private var deviceLine: String { live?.output?.description ?? device }

  /// The device line: its name, or the null clock's.
  private static func describe(_ device: (PortAudioLibrary, OutputDevice)?) -> String {
    device.map { "device \($0.1.name)" } ?? "no device (null clock)"
  }

  /// PortAudio asked on this thread, the one that opens and closes the streams (PortAudio is
  /// not to be initialized from two threads at once).
  private func deviceChoice() throws -> DeviceChoice {
    let outputs: [OutputDevice]
    do {
      outputs = try PortAudioLibrary().outputDevices()
    } catch {
      throw PlayerUnavailable(message: "the audio outputs cannot be listed: \(error)")
    }
    return DeviceChoice(
      playing: live == nil ? nil : deviceLine, next: nextDevice?.1.name,
      devices: outputs.map {
        DeviceChoice.Device(name: $0.name, hostAPI: $0.hostAPI, isDefault: $0.isDefault)
      })
  }

  private func choose(device name: String) throws {
    let found = try DeviceOutput.find(name: name)
    guard found.1.name == name else {
      throw PlayerUnavailable(message: "no output device is called \(name); choose one listed")
    }
    nextDevice = found
  }

  /// Sends `action` at the next frame the engine has not rendered, measuring its way there.
  private func record(_ action: Action, on live: LiveSession) throws {
    let reservedSec = inputReceivedSec > 0 ? MonotonicClock.nowSec() : 0
    let frame = try live.send(action)
    if inputReceivedSec > 0 {
      latency?.sent(
        readSec: inputReceivedSec, reservedSec: reservedSec, frame: frame, engine: live.engine)
    }
  }

  /// Opens `song` as a new session, or offers to continue its last one.
  private func offer(_ song: Song) throws {
    try endSession()
    let store = try openStore()
    let audio = try RecordedAudio.describing(song.audio.url.path, sha256: song.sha256)
    if let sha256 = audio.sha256,
      let previous = try SongHistory.latestSession(of: sha256, in: store)
    {
      offered = (song, audio, previous)
      problem = nil
      return
    }
    try start(song, source: audio, continuing: nil)
  }

  private func openStore() throws -> EventStore {
    let store = try self.store ?? EventStore(path: options.databasePath, synchronous: .normal)
    self.store = store
    return store
  }

  /// Starts `song`'s session; `source` is its description (path and SHA-256), made once by
  /// ``offer(_:)``: hashing a long song again would add to its opening.
  private func start(_ song: Song, source: RecordedAudio, continuing previous: SessionRecord?)
    throws
  {
    try endSession()
    let store = try openStore()
    let tee = teeUsed ? nil : try options.makeTee?(song.audio)
    teeUsed = teeUsed || tee != nil
    let audio = song.audio
    let live = try LiveSession(
      LiveSession.Options(
        // The takes, recorded here or by the player, beside the same database.
        audio: audio, device: nextDevice,
        input: DeviceOutput.input(named: options.inputName, on: nextDevice),
        takes: TakeLibrary(databasePath: options.databasePath), tee: tee,
        framesPerCallback: options.framesPerCallback,
        newSession: NewSessionInfo(
          title: song.name, audio: source,
          sharp9Version: options.sharp9Version),
        bufferMilliseconds: options.bufferMilliseconds),
      store: store, continuing: previous)
    do {
      try live.start(song: audio.url, name: song.name, isNew: previous == nil)
    } catch {
      live.abandon()
      try? live.finish()
      throw error
    }
    self.live = live
    device = live.output?.description ?? Self.describe(nil)
    latency?.dropPending()
    playheadNotes = try? PlayheadNotes(audio: audio)
    problem = nil
    lockGate = LockGate()
    let peaks = PracticePeaks(audio).json
    lock.withLock { published.peaks = peaks }
  }

  /// Pauses, lets the fade out, ends the recording.
  private func endSession() throws {
    offered = nil
    // The next song opens the database afresh: a connection kept from an earlier session could
    // hold a read snapshot older than another process's writes (an import), and its next append
    // would fail with SQLITE_BUSY_SNAPSHOT (seen: a continued session stopped on its first).
    store = nil
    guard let live else { return }
    self.live = nil
    playheadNotes = nil
    lock.withLock { published.peaks = nil }
    defer {
      reportLate(of: live)
      try? live.finish()
    }
    try live.stop()
  }

  /// Tells ``Options/reportLate`` the actions `live` heard late, if any.
  private func reportLate(of live: LiveSession) {
    guard let report = options.reportLate, let session = live.core.session?.id,
      !live.late.found.isEmpty
    else { return }
    report(session, live.late.found)
  }

  /// Ends the open session (or the open offer) on a pause once no page has followed it for
  /// ``Options/pageGrace``: the musician closed the tab.
  private func endIfPageless() {
    guard live != nil || offered != nil,
      let since = lock.withLock({ pagelessSince }), ContinuousClock.now - since >= options.pageGrace
    else { return }
    do {
      try endSession()
    } catch {
      end(after: error)
    }
  }

  private func end(after error: any Error) {
    FileHandle.standardError.write(Data("sharp9: error: the live session stopped: \(error)\n".utf8))
    problem = Self.stoppedSentence
    if let live { reportLate(of: live) }
    live?.abandon()
    try? live?.finish()
    live = nil
    playheadNotes = nil
    lock.withLock { published.peaks = nil }
  }

  private func publish() {
    // The device line with the latency PortAudio reports, once a stream is open.
    var snapshot =
      live.map { PracticeSnapshot(live: $0, device: deviceLine) } ?? .empty(device: deviceLine)
    if let live, let playheadNotes {
      // The notes heard at the playhead, shown as they sound after the transposition.
      snapshot.soundingNotes = playheadNotes.notes(atSec: live.last.positionSec)
        .transposed(bySemitones: live.core.state.transport.pitchSemitones).midiNotes
        .filter(NoteSet.pianoRange.contains)
    }
    // A device that stopped calling back, while it is silent: the page shows it as it shows a
    // session that stopped.
    let stopped = live?.deviceSilentSec == nil ? nil : PracticeStatusText.deviceStopped
    snapshot.problem = problem ?? stopped.map { $0 + " (open the song again)" }
    snapshot.offer = offered.map {
      PracticeSnapshot.Offer(
        session: $0.previous.idString, song: $0.song.name,
        startedAt: Interchange.formatDate($0.previous.startedAt.date),
        events: $0.previous.eventCount)
    }
    guard let json = try? Interchange.string(snapshot) else { return }
    lock.withLock {
      guard json != published.json else { return }
      published.version += 1
      published.json = json
    }
  }
}
