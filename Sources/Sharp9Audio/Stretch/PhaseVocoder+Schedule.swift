/// The analysis schedule: where each frame's window goes on the input.
extension PhaseVocoder {
  /// Picks the next analysis centre and whether the frame keeps its analysis phases.
  ///
  /// An onset about to enter the window pulls the schedule onto the unstretched frames that put
  /// the attack exactly where `T` says it belongs, so attacks keep their timing as well as their
  /// shape; the frames containing it then advance by exactly `hop`.
  func scheduleFrame(input: StretchInput, onsets: OnsetDetector) -> (Double, Bool) {
    let nominal = Double(hop) * inputPerIntermediate
    let position = Double(cursor.frameIndex * hop)
    let target = anchorInput + (position - anchorIntermediate) * inputPerIntermediate
    let searchEnd =
      Int(cursor.previousCenter + nominal * Double(StretchTuning.onsetPreparationHops + 2))
      + size / 2
    var onset: Int?
    if handlesOnsets {
      onsets.analyze(upTo: searchEnd + StretchTuning.onsetBlock, input: input)
      onset = onsets.firstOnset(from: cursor.previousStart + size, to: searchEnd)
    }
    if cursor.identityFramesLeft > 0 {
      cursor.identityFramesLeft -= 1
      let center = cursor.previousCenter + Double(hop)
      if let onset, onset < Int(center.rounded()) + size / 2 { extendIdentity(center, target) }
      return (center, true)
    }
    var desired = target
    var aligned: Double?
    if let onset {
      // Where the attack belongs in the intermediate stream, and the unstretched centre that
      // puts it there.
      let ideal = anchorIntermediate + (Double(onset) - anchorInput) / inputPerIntermediate
      if ideal - position <= Double(size / 2 + StretchTuning.onsetPreparationHops * hop) {
        aligned = Double(onset) + position - ideal
        desired = aligned ?? target
      }
    }
    var center =
      cursor.previousCenter
      + min(
        max(desired - cursor.previousCenter, nominal * StretchTuning.minimumHopFactor),
        nominal * StretchTuning.maximumHopFactor)
    guard let onset, onset < Int(center.rounded()) + size / 2 else { return (center, false) }
    if let aligned, aligned > cursor.previousCenter, abs(aligned - center) <= nominal {
      center = aligned
    }
    return (center, extendIdentity(center, target))
  }

  /// Keeps the next frames unstretched while the onset is in the window, unless that would
  /// drift further than `maximumDrift` from `T`.
  @discardableResult
  private func extendIdentity(_ center: Double, _ target: Double) -> Bool {
    let nominal = Double(hop) * inputPerIntermediate
    let frames = Double(size / hop - 1)
    let drift = center - target
    let ahead = drift + frames * max(0, Double(hop) - nominal)
    let behind = drift - frames * max(0, nominal - Double(hop))
    guard ahead <= maximumDrift, behind >= -maximumDrift else { return false }
    cursor.identityFramesLeft = size / hop - 1
    return true
  }
}
