/// Listening back: the take heard with the song, where it is laid, and the balance. Pure
/// arithmetic on wall frames, shared by the offline renderer and the live engine's audio thread
/// (no allocation), so both lay every take sample on the same frame at the same gain.
///
/// Rules (each a decision; docs/guide/takes.md says them to the musician):
/// - A take is laid on a *line*: take frame `k` sounds on wall frame `line start + k`. A line
///   starts where a take starts when it is recorded: a play (with its count-in) and each loop
///   wrap; and, for a take of a loop pass, a seek that lands on A. So each pass of the loop plays
///   the take from its first frame, in time with the song at the speed it was recorded at.
/// - A play away from A, for a take of a loop pass, starts no line (it would be out of time):
///   the take comes in at the next wrap. A pause, a seek elsewhere, the end of the track, the
///   last asked-for pass and a load end the line.
/// - Choosing another take keeps the line: the new take goes on at the same point of the pass
///   (A/B between passes). The old one fades out and the new one in over one fade length
///   (equal power), as does a take whose line ends; each take's own first and last frames are
///   faded too, so nothing clicks.
/// - The balance scales the song's voices (not the metronome, which has its own level) and the
///   take (``Sharp9Domain/TakeListening/levels(balance:)``), moving linearly over one fade length.
/// - A line heard at another speed or pitch than its take was played along at is *stretched*:
///   a stretcher voice plays it (`SessionRenderer+StretchedTakes.swift`), and this laying leaves
///   it out (it still keeps the line, the choice, the fades of the take it replaced, and the
///   levels).
struct TakePlayback {
  /// A take laid on a line.
  struct Line: BitwiseCopyable {
    /// The wall frame of the take's frame 0.
    var start: Int64
    var sound: TakeSound
    /// Where it began fading in (far past: it did not).
    var fadeInFrom: Int64
    /// Where it began fading out (far future: it does not).
    var fadeOutFrom: Int64
    /// Whether a stretcher voice plays it (not laid here).
    var isStretched = false
  }

  static let farPast = Int64.min / 4
  static let farFuture = Int64.max / 4

  /// The take chosen (nil: the song alone).
  private(set) var sound: TakeSound?
  /// The wall frame the current line started at (nil: no line, the take is silent).
  private(set) var lineStart: Int64?
  /// The take sounding on the current line.
  private(set) var current: Line?
  /// A take fading out (a line ended, or another take was chosen).
  private(set) var fading: Line?
  /// The levels the balance moves from and to, and where the move began.
  private var fromLevels: (song: Float, take: Float) = (1, 1)
  private var toLevels: (song: Float, take: Float) = (1, 1)
  private var rampFrom = farPast

  /// Whether a take is chosen that was recorded over a loop pass.
  var isPassTake = false

  /// Starts a line at `frame`: the chosen take plays from its first frame there (`stretched`:
  /// through a stretcher voice).
  mutating func startLine(at frame: Int64, stretched: Bool = false) {
    retire(at: frame)
    lineStart = frame
    // `if let`, not `Optional.map`: a generic call instantiates metadata on the audio thread in
    // a debug build, which allocates (here and below).
    if let sound {
      current = Line(
        start: frame, sound: sound, fadeInFrom: Self.farPast, fadeOutFrom: Self.farFuture,
        isStretched: stretched)
    }
  }

  /// From `frame` a stretcher voice plays the current take: the laid one fades out.
  mutating func stretchLine(at frame: Int64) {
    guard var line = current, !line.isStretched else { return }
    retire(at: frame)
    line.isStretched = true
    line.fadeInFrom = frame
    current = line
  }

  /// Ends the line at `frame`: the take fades out.
  mutating func endLine(at frame: Int64) {
    retire(at: frame)
    lineStart = nil
  }

  /// Chooses `sound` at `frame` (nil: none); on a line, it goes on at the line's point
  /// (`stretched`: through a stretcher voice).
  /// Returns whether the choice changed anything.
  @discardableResult
  mutating func choose(
    _ sound: TakeSound?, isPassTake: Bool, at frame: Int64, stretched: Bool = false
  ) -> Bool {
    self.isPassTake = isPassTake
    // Pattern matches, not `== nil`: the generic comparison would allocate on the audio thread.
    if let old = self.sound {
      if let sound, old.isSame(as: sound) { return false }
    } else if case .none = sound {
      return false
    }
    retire(at: frame)
    self.sound = sound
    if let lineStart, let sound {
      current = Line(
        start: lineStart, sound: sound, fadeInFrom: frame, fadeOutFrom: Self.farFuture,
        isStretched: stretched)
    }
    return true
  }

  /// Moves the levels to `levels` from `frame`, over `length` frames.
  mutating func setLevels(_ levels: (song: Float, take: Float), at frame: Int64, length: Int) {
    // Compared field by field: the generic tuple `!=` would instantiate metadata on the audio
    // thread in a debug build.
    guard levels.song != toLevels.song || levels.take != toLevels.take else { return }
    fromLevels = self.levels(at: frame, length: length)
    toLevels = levels
    rampFrom = frame
  }

  /// The song's and the take's levels at `frame`.
  func levels(at frame: Int64, length: Int) -> (song: Float, take: Float) {
    let moved = frame - rampFrom
    if moved >= Int64(length) { return toLevels }
    let t = Float(max(0, moved)) / Float(length)
    return (
      fromLevels.song + (toLevels.song - fromLevels.song) * t,
      fromLevels.take + (toLevels.take - fromLevels.take) * t
    )
  }

  /// Whether the song is at full level throughout wall frames `start..<end` (nothing to scale).
  func songAtFullLevel(from start: Int64, length: Int) -> Bool {
    toLevels.song == 1 && (fromLevels.song == 1 || start - rampFrom >= Int64(length))
  }

  /// Whether a take sounds anywhere in wall frames `start..<end`.
  func sounds(from start: Int64, to end: Int64, length: Int) -> Bool {
    Self.overlaps(current, start, end, length) || Self.overlaps(fading, start, end, length)
  }

  /// Scales the song's samples of wall frames `start..<start + frames` in `base` by its level.
  func scaleSong(
    _ base: UnsafeMutablePointer<Float>, from start: Int64, frames: Int, channels: Int,
    length: Int
  ) {
    guard !songAtFullLevel(from: start, length: length) else { return }
    for frame in 0..<frames {
      let level = levels(at: start + Int64(frame), length: length).song
      for channel in 0..<channels { base[frame * channels + channel] *= level }
    }
  }

  /// Adds the sounding takes of wall frames `start..<start + frames` to `base` (interleaved,
  /// `channels` per frame).
  func addTakes(
    to base: UnsafeMutablePointer<Float>, from start: Int64, frames: Int, channels: Int,
    curve: FadeCurve
  ) {
    if let current { add(current, to: base, from: start, frames: frames, channels, curve) }
    if let fading { add(fading, to: base, from: start, frames: frames, channels, curve) }
  }

  private func add(
    _ line: Line, to base: UnsafeMutablePointer<Float>, from start: Int64, frames: Int,
    _ channels: Int, _ curve: FadeCurve
  ) {
    guard !line.isStretched else { return }
    let length = Int64(curve.length)
    let first = max(start, line.start)
    // Two-argument `min`s: the variadic one builds an array.
    let last = min(
      min(start + Int64(frames), line.start + line.sound.frames), line.fadeOutFrom + length)
    guard first < last else { return }
    let takeChannels = line.sound.channels
    // Int ranges: a debug build iterates a `Range<Int64>` through the generic iterator, which
    // allocates on the audio thread.
    for offset in 0..<Int(last - first) {
      let frame = first + Int64(offset)
      let k = frame - line.start
      let edge = min(min(length, k), line.sound.frames - k)
      let fadeIn = min(length, frame - line.fadeInFrom)
      let fadeOut = frame < line.fadeOutFrom ? length : max(0, length - (frame - line.fadeOutFrom))
      let gain =
        curve.gain(Int(edge)) * curve.gain(Int(fadeIn)) * curve.gain(Int(fadeOut))
        * levels(at: frame, length: curve.length).take
      let sample = Int(k) * takeChannels
      let output = Int(frame - start) * channels
      for channel in 0..<channels {
        base[output + channel] += gain * line.sound.samples[sample + min(channel, takeChannels - 1)]
      }
    }
  }

  /// The current take starts fading out at `frame`.
  private mutating func retire(at frame: Int64) {
    guard var line = current else { return }
    line.fadeOutFrom = frame
    fading = line
    current = nil
  }

  private static func overlaps(_ line: Line?, _ start: Int64, _ end: Int64, _ length: Int) -> Bool {
    guard let line, !line.isStretched else { return false }
    let last = min(line.start + line.sound.frames, line.fadeOutFrom + Int64(length))
    return max(start, line.start) < min(end, last)
  }
}
