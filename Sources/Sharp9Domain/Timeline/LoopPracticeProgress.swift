/// What the playback timeline did on its own: while practising loop passes, the passes counted,
/// the stops after the last asked-for pass and the speed trainer's steps, each with the session
/// time of the wrap it happened at; and the stops at the end of the song. The live engine reports it after every block; the front end
/// turns what changed into the actions that keep the state in step (``actions(since:)``).
public struct LoopPracticeProgress: Sendable, Equatable, Hashable, BitwiseCopyable {
  /// Passes completed since the count last restarted (play, a seek, a loop or plan change).
  public var completedPasses = 0
  /// How many times playback stopped after the last asked-for pass.
  public var passLimitStops = 0
  /// Session time of the last such stop.
  public var lastPassLimitStopWallSec = 0.0
  /// Passes ended at B since the session started (never restarted: a recorder splits takes at
  /// each one).
  public var passEnds = 0
  /// Session time of the last pass's end (the wrap's frame).
  public var lastPassEndWallSec = 0.0
  /// How many steps the speed trainer has made.
  public var trainerSteps = 0
  /// Session time of the last step.
  public var lastTrainerStepWallSec = 0.0
  /// The speed the last step went to.
  public var lastTrainerSpeed = 1.0
  /// How many times playback stopped at the end of the song.
  public var songEnds = 0
  /// Session time of the last such stop.
  public var lastSongEndWallSec = 0.0

  /// Creates progress with nothing counted.
  public init() {}

  /// The actions that report what happened since `previous`, in the order it happened: a
  /// ``Action/trainerStepped(speed:wallSec:)`` for the latest step (several steps between two
  /// reports, which only loops shorter than a device block can make, are reported as the last),
  /// a ``Action/loopPassesCompleted(wallSec:)`` for a stop after the last pass, and a
  /// ``Action/playedToEnd(wallSec:)`` for a stop at the song's end.
  public func actions(since previous: LoopPracticeProgress) -> [Action] {
    var timed: [(wallSec: Double, action: Action)] = []
    if trainerSteps != previous.trainerSteps {
      timed.append(
        (
          lastTrainerStepWallSec,
          .trainerStepped(speed: lastTrainerSpeed, wallSec: lastTrainerStepWallSec)
        ))
    }
    if passLimitStops != previous.passLimitStops {
      timed.append(
        (lastPassLimitStopWallSec, .loopPassesCompleted(wallSec: lastPassLimitStopWallSec)))
    }
    if songEnds != previous.songEnds {
      timed.append((lastSongEndWallSec, .playedToEnd(wallSec: lastSongEndWallSec)))
    }
    return timed.sorted { $0.wallSec < $1.wallSec }.map(\.action)
  }
}
