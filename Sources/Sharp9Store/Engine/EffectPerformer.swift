import Foundation
import Sharp9Domain

/// Hands reducer effects to an ``AudioEngine``, in order.
///
/// `computePeaks` is not an engine command (the app's waveform view computes peaks) and is skipped
/// here. A failed `engineLoad` is not fatal to recording: the engine reports loading results back
/// as actions (`importSucceeded`/`importFailed`) sent by the client, so the error is returned for
/// the caller to show.
///
/// Note: this mapping would sit better in `Sharp9Domain` next to ``AudioEngine``, so the renderer
/// (which cannot import the store) can share it; it lives here until the domain owns it.
public enum EffectPerformer {
  /// Performs `effects` on `engine`; returns the error of a failed load, if any.
  @discardableResult
  public static func perform(_ effects: [Effect], on engine: any AudioEngine) -> (any Error)? {
    var loadError: (any Error)?
    for effect in effects {
      switch effect {
      case .engineLoad(let url):
        do { _ = try engine.load(url: url) } catch { loadError = error }
      case .enginePlay: engine.play()
      case .enginePause: engine.pause()
      case .engineSeek(let timeSec): engine.seek(toSec: timeSec)
      case .engineSetRate(let rate): engine.setRate(rate)
      case .engineSetPitchSemitones(let semitones): engine.setPitchSemitones(semitones)
      case .engineSetLoop(let aSec, let bSec, let enabled):
        engine.setLoop(aSec: aSec, bSec: bSec, enabled: enabled)
      case .computePeaks: break
      }
    }
    return loadError
  }
}
