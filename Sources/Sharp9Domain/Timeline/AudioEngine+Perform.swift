extension AudioEngine {
  /// Performs one effect: the single mapping from ``Effect`` to engine calls, shared by live
  /// recording, the timeline and the renderer. `computePeaks` is not an engine command and is
  /// ignored here.
  public func perform(_ effect: Effect) throws {
    switch effect {
    case .engineLoad(let url): _ = try load(url: url)
    case .enginePlay: play()
    case .enginePause: pause()
    case .engineSeek(let timeSec): seek(toSec: timeSec)
    case .engineSetRate(let rate): setRate(rate)
    case .engineSetPitchSemitones(let semitones): setPitchSemitones(semitones)
    case .engineSetLoop(let aSec, let bSec, let enabled):
      setLoop(aSec: aSec, bSec: bSec, enabled: enabled)
    case .engineSetLoopPractice(let practice): setLoopPractice(practice)
    case .engineSetBeatGrid(let grid): setBeatGrid(grid)
    case .engineSetClicks(let clicks): setClicks(clicks)
    case .engineSetTakeMix(let take, let balance): setTakeMix(take: take, balance: balance)
    case .computePeaks: break
    }
  }
}
