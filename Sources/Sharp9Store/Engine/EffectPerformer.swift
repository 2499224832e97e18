import Foundation
import Sharp9Domain

/// Hands reducer effects to an ``AudioEngine``, in order, through the domain's single
/// effect-to-engine mapping (`AudioEngine.perform(_:)`).
///
/// A failed `engineLoad` is not fatal to recording: the engine reports loading results back as
/// actions (`importSucceeded`/`importFailed`) sent by the client, so the remaining effects still
/// run and the error is returned for the caller to show.
public enum EffectPerformer {
  /// Performs `effects` on `engine`; returns the error of a failed load, if any.
  @discardableResult
  public static func perform(_ effects: [Effect], on engine: any AudioEngine) -> (any Error)? {
    var loadError: (any Error)?
    for effect in effects {
      do { try engine.perform(effect) } catch { loadError = error }
    }
    return loadError
  }
}
