import Sharp9Audio
import Sharp9Domain

/// Which actions reached the engine after their frame was rendered: the engine counts late
/// commands and names the frame of the latest; the sends remembered here name the action that
/// frame belongs to, how long its send took and how much room it had. A late action is heard
/// later than the log says (the render then differs from what was heard there), so a front end
/// reports each one.
public struct LateActions {
  /// One action applied late.
  public struct Late: Sendable, Equatable {
    /// The action's `type`.
    public var kind: Action.Kind
    /// The session time it was meant for, in seconds.
    public var atSec: Double
    /// How far past its frame the engine was when it arrived, in seconds.
    public var lateBySec: Double
    /// How long its send (reduce, durable append, effects) took, in seconds.
    public var sendSec: Double
    /// How far ahead of the engine its frame was reserved, in seconds.
    public var roomSec: Double
  }

  private struct Sent {
    var frame: Int64
    var kind: Action.Kind
    var sendSec: Double
    var roomSec: Double
  }

  /// The most sends remembered: a late command is reported within a few callbacks of its send.
  static let capacity = 64
  /// The most late actions kept (the engine's count goes on past it).
  static let keptCount = 32

  private var sends: [Sent] = []
  private var seenLateCount = 0
  /// The late actions found, oldest first (at most ``keptCount``).
  public private(set) var found: [Late] = []

  /// Notes that `kind` was sent at `frame`, `roomSec` ahead of the engine, in `sendSec`.
  mutating func sent(_ kind: Action.Kind, atFrame frame: Int64, sendSec: Double, roomSec: Double) {
    if sends.count >= Self.capacity { sends.removeFirst(sends.count - Self.capacity + 1) }
    sends.append(Sent(frame: frame, kind: kind, sendSec: sendSec, roomSec: roomSec))
  }

  /// Takes an engine report: when its late count grew, names the latest late command's action
  /// (the last send at its frame; several at one frame are one reservation, sent together).
  mutating func take(_ report: EngineReport, rate: Double) {
    guard report.lateCommands > seenLateCount else { return }
    seenLateCount = report.lateCommands
    guard found.count < Self.keptCount,
      let sent = sends.last(where: { $0.frame == report.lastLateFrame })
    else { return }
    found.append(
      Late(
        kind: sent.kind, atSec: Double(sent.frame) / rate,
        lateBySec: Double(report.lastLateByFrames) / rate, sendSec: sent.sendSec,
        roomSec: sent.roomSec))
  }
}
