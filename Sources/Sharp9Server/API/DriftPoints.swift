import Foundation
import Sharp9App
import Sharp9Domain
import Sharp9Store

/// The tick drift chart: each recorded `tick` position minus the timeline model's position at the
/// tick's time, thinned evenly to at most ``SessionTimeline/maxDriftPoints``.
enum DriftPoints {
  static func of(_ session: SessionRecord, in store: any EventLog, segments: [TimelineSegment])
    throws -> [SessionTimeline.DriftPoint]
  {
    guard !segments.isEmpty else { return [] }
    var points: [SessionTimeline.DriftPoint] = []
    var index = 0
    let events = try store.events(of: session, after: 0, through: nil)
    while let event = try events.next() {
      guard case .tick(let recorded) = event.action else { continue }
      while index + 1 < segments.count, segments[index].wallEndSec <= event.t { index += 1 }
      let model = segments[index].sourcePosition(atWallSec: event.t)
      points.append(.init(t: event.t, driftSec: recorded - model))
    }
    let step = max(1, points.count / SessionTimeline.maxDriftPoints + 1)
    return step == 1 ? points : stride(from: 0, to: points.count, by: step).map { points[$0] }
  }
}
