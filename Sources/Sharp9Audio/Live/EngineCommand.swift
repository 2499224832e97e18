import Sharp9Domain

/// An engine command as the audio thread receives it: the ``Sharp9Domain/AudioEngine`` calls,
/// as plain values (no references, nothing to release on the audio thread).
enum EngineCommand: BitwiseCopyable {
  case load(durationSec: Double)
  case play
  case pause
  case seek(toSec: Double)
  case speed(Double)
  case pitch(semitones: Double)
  case loop(aSec: Double?, bSec: Double?, enabled: Bool)
  case loopPractice(LoopPractice)
  /// The metronome's beats: a view of one of the engine's preallocated grid buffers, and the
  /// number of the grid (see ``LiveEngine/setBeatGrid(_:)``).
  case grid(ClickGrid, generation: Int)
  case clicks(ClickSettings)
  /// The take listened back to: a view of a take the engine decoded (nil: the song alone),
  /// whether it is a loop pass's, the balance, and the number of the choice (see
  /// ``LiveEngine/setTakeMix(take:balance:)``).
  case takeMix(TakeSound?, isPassTake: Bool, balance: Double, generation: Int)
}

/// A command and the device frame it takes effect at (a frame the audio thread has not rendered
/// yet when the command was sent; see ``LiveEngine/reserveFrame()``), and the claim it was sent
/// under (-1: none; see ``LiveEngine/claimFrame(notBefore:)``).
struct ScheduledCommand: BitwiseCopyable {
  var frame: Int64
  var command: EngineCommand
  var claim: Int64 = -1
}
