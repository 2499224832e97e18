extension PlaybackTimeline {
  /// Moves the clock to `wallSec`, handing `body` every segment covered, in order: split where
  /// the playhead wraps at B or reaches the end of the track. Going backwards is ignored.
  public mutating func advance(
    toWallSec wallSec: Double, _ body: (TimelineSegment) throws -> Void
  ) rethrows {
    while let segment = nextSegment(untilWallSec: wallSec) {
      try body(segment)
    }
  }

  /// Moves the clock forward by at most one segment, stopping at `limitSec`, at the next wrap or
  /// at the end of the track, whichever comes first; nil when the clock is already at the limit.
  ///
  /// The renderer calls this directly so it never holds more than one segment.
  public mutating func nextSegment(untilWallSec limitSec: Double) -> TimelineSegment? {
    while wallSec < limitSec {
      guard isPlaying, let duration = durationSec else {
        trackEndWallSec = nil
        return emit(untilWallSec: limitSec, sourceEndSec: positionSec)
      }
      if let span = countIn {
        // The count-in holds the playhead; playback starts where it ends.
        trackEndWallSec = nil
        let end = span.endWallSec
        if end > wallSec {
          let stop = min(end, limitSec)
          let segment = emit(untilWallSec: stop, sourceEndSec: positionSec, countIn: span)
          if stop >= end { endCountIn() }
          return segment
        }
        endCountIn()
      }
      // Where the playhead is heading: B when an active loop lies ahead, else the track's end.
      // Not `flatMap`: in a debug build the generic call instantiates the tuple's metadata on
      // the live engine's audio thread the first time a loop is active, which allocates.
      var loopAhead: (aSec: Double, bSec: Double)?
      if let loop = activeLoop, positionSec < loop.bSec { loopAhead = loop }
      let boundarySec = loopAhead?.bSec ?? duration
      let boundaryWallSec = anchorWallSec + (boundarySec - anchorPositionSec) / speed
      trackEndWallSec = loopAhead == nil ? boundaryWallSec : nil
      guard boundaryWallSec <= limitSec else {
        let end = anchorPositionSec + (limitSec - anchorWallSec) * speed
        return emit(untilWallSec: limitSec, sourceEndSec: min(end, boundarySec))
      }
      let segment =
        boundaryWallSec > wallSec
        ? emit(untilWallSec: boundaryWallSec, sourceEndSec: boundarySec) : nil
      if let loop = loopAhead {
        // The trainer's step comes first, so a count-in before the pass is at its new speed.
        if completePass(loopStartSec: loop.aSec), clicks.countInEveryPass { startCountIn() }
      } else {
        positionSec = duration
        isPlaying = false
        progress.songEnds += 1
        progress.lastSongEndWallSec = wallSec
        mark(.end)
      }
      if let segment { return segment }
    }
    return nil
  }

  /// Ends the count-in: playback starts now.
  private mutating func endCountIn() {
    countIn = nil
    mark(.play)
  }

  /// Closes the segment in progress at `wallEnd` and starts the next one as `continued`; a
  /// segment of a count-in is not playing.
  private mutating func emit(
    untilWallSec wallEnd: Double, sourceEndSec: Double, countIn span: CountInSpan? = nil
  ) -> TimelineSegment {
    let segment = TimelineSegment(
      wallStartSec: wallSec, wallEndSec: wallEnd, sourceStartSec: positionSec,
      sourceEndSec: sourceEndSec, speed: speed, pitchSemitones: pitchSemitones,
      isPlaying: isPlaying && span == nil, start: pendingStart, countIn: span)
    wallSec = wallEnd
    positionSec = sourceEndSec
    pendingStart = .continued
    return segment
  }
}
