import Sharp9Audio
import Sharp9Domain

/// The device stand-in for `--no-device`: the system clock paces the engine in callback-sized
/// blocks and the output goes nowhere but the tee. The player's run loop calls ``pump()``, so the
/// engine runs on one thread and every command is early.
public final class NullOutput {
  private let engine: LiveEngine
  private let start = ContinuousClock.now
  private var rendered: Int64 = 0
  private var buffer: [Float]

  /// A clock starting now, for `engine`.
  public init(engine: LiveEngine) {
    self.engine = engine
    buffer = [Float](repeating: 0, count: engine.framesPerCallback * engine.audio.format.channels)
  }

  /// Renders every block whose time has come.
  public func pump() {
    let due = Int64((ContinuousClock.now - start).inSeconds * Double(engine.sampleRate))
    let frames = engine.framesPerCallback
    while rendered + Int64(frames) <= due {
      buffer.withUnsafeMutableBufferPointer { pointer in
        guard let base = pointer.baseAddress else { return }
        engine.render(into: base, frames: frames)
      }
      rendered += Int64(frames)
    }
  }
}
