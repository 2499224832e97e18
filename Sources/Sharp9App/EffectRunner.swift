import Foundation
import Sharp9Audio
import Sharp9Domain

/// Performs a reducer's effects, in order, on the engine (through the domain's single
/// effect-to-engine mapping, `AudioEngine.perform(_:)`) and the peak computer, and collects what
/// they reported: the result of each load as the action that reports it, and every failure.
///
/// A failed effect does not stop the ones after it: the state already moved (the event is
/// durable), so the engine follows it as far as it can, and the failure goes back to the caller.
public struct EffectRunner {
  /// One effect the engine or the peak computer could not perform.
  public struct Failure {
    /// The effect.
    public var effect: Effect
    /// Why it failed (the engine's or the audio library's error).
    public var error: any Error
  }

  /// What performing a list of effects produced.
  public struct Outcome {
    /// The actions the engine reported (`importSucceeded` or `importFailed` for each load), in
    /// order, for the core to send.
    public var reported: [Action] = []
    /// The effects that failed, in order.
    public var failures: [Failure] = []
    /// The waveform peaks computed, when a `computePeaks` effect ran and succeeded.
    public var peaks: WaveformPeaks?
  }

  /// The file the engine last loaded: what `computePeaks` reads.
  public private(set) var loadedURL: URL?
  private let computePeaks: ((URL) throws -> WaveformPeaks)?

  /// A runner computing peaks with `computePeaks` (`nil`: `computePeaks` effects are skipped).
  public init(computePeaks: ((URL) throws -> WaveformPeaks)?) {
    self.computePeaks = computePeaks
  }

  /// Performs `effects` on `engine`, in order.
  public mutating func run(_ effects: [Effect], on engine: any AudioEngine) -> Outcome {
    var outcome = Outcome()
    for effect in effects {
      do {
        switch effect {
        case .engineLoad(let url):
          loadedURL = url
          do {
            outcome.reported.append(.importSucceeded(track: try engine.load(url: url)))
          } catch {
            outcome.reported.append(.importFailed(message: String(describing: error)))
            throw error
          }
        case .computePeaks:
          guard let computePeaks, let loadedURL else { continue }
          outcome.peaks = try computePeaks(loadedURL)
        default:
          try engine.perform(effect)
        }
      } catch {
        outcome.failures.append(Failure(effect: effect, error: error))
      }
    }
    return outcome
  }
}
