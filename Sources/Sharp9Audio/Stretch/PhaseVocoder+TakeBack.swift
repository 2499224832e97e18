/// Taking back frames analyzed ahead of a change of `T` (see `VocoderCheckpoints`).
extension PhaseVocoder {
  /// Saves the state before the next frame.
  func saveCheckpoint(queue: IntermediateQueue) {
    let entry = VocoderCheckpoints.Entry(cursor: cursor, queueWrite: queue.writePosition)
    checkpoints.save(entry) { rotation, reference in
      locker.copyRotation(into: rotation)
      if cursor.hasPrevious { reference.update(from: previousReference.pointer, count: 2 * bins) }
    }
  }

  /// Undoes every frame centred after intermediate frame `position` (where `T` changes), so
  /// the next frames are analyzed under the new `T`; the queue's unread frames are rewritten by
  /// them, crossfading from the old stream at the queue's read position.
  ///
  /// Call it before `retarget`, while the vocoder still holds the old stream.
  func takeBack(framesCenteredAfter position: Double, queue: IntermediateQueue) {
    // The newest checkpoint is the last analyzed frame's: nothing to undo unless it lies beyond.
    guard checkpoints.count > 0, Double((cursor.frameIndex - 1) * hop) > position else { return }
    let readPosition = queue.readPosition
    crossfade.capture(
      from: readPosition, queue: queue, pending: accumulators[cursor.slot].pointer, size: size)
    let restored = checkpoints.takeBack(framesCenteredAfter: position, hop: hop) {
      rotation, reference in
      locker.setRotation(from: rotation)
      previousReference.pointer.update(from: reference, count: 2 * bins)
    }
    guard let restored else { return }
    cursor = restored.cursor
    queue.rewindWrite(to: restored.queueWrite)
  }
}
