import Foundation
import Sharp9Audio
import Sharp9Domain

/// A song's beat grid, analysed on a thread of its own while its session already plays. The
/// analysis reads the whole song (1.7 s of a 10-minute song's 6.2 s opening in the practice
/// app, on a loaded 2-core machine), which the musician should not wait for to hear it; the live
/// session sends the grid as `beatGridDetected` when it is found (``LiveSession``), so the log
/// holds it like any other event and a replay never analyses.
final class BackgroundBeatAnalysis: @unchecked Sendable {
  /// How the analysis ended.
  enum Outcome: Equatable {
    case found(BeatGrid)
    /// FFTW could not plan: the musician can still tap the tempo.
    case failed
  }

  private let lock = NSLock()
  private var finished: Outcome?

  /// Starts analysing `audio`.
  init(audio: DecodedAudio) {
    let thread = Thread { [self] in
      let outcome: Outcome = (try? audio.beatGrid()).map { .found($0) } ?? .failed
      lock.withLock { finished = outcome }
    }
    thread.name = "sharp9 beats"
    thread.start()
  }

  /// How the analysis ended, or nil while it runs.
  var outcome: Outcome? { lock.withLock { finished } }
}
