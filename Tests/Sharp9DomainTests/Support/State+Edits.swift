import Sharp9Domain

/// How tests state the expected result of an undoable edit: the value changes and exactly this
/// step lands on the undo stack (and redo is cleared).
extension State {
  /// A loop edit named `label` that leaves the loop as `loop`.
  mutating func editLoop(_ label: String, to loop: LoopPoints) {
    record(EditStep(label: label, loop: ValueChange(before: self.loop, after: loop)))
    self.loop = loop
  }

  /// A speed edit to `speed`.
  mutating func editSpeed(to speed: Double) {
    record(
      EditStep(label: "Speed Change", speed: ValueChange(before: transport.speed, after: speed)))
    transport.speed = speed
  }

  /// A pitch edit to `pitch`.
  mutating func editPitch(to pitch: Double) {
    record(
      EditStep(
        label: "Pitch Change", pitch: ValueChange(before: transport.pitchSemitones, after: pitch)))
    transport.pitchSemitones = pitch
  }

  /// A marker appended.
  mutating func editAddMarker(_ marker: Marker) {
    record(
      EditStep(
        label: "Add Marker", markersAdded: [MarkerEdit(marker: marker, index: markers.count)]))
    markers.append(marker)
  }

  /// The marker at `index` removed.
  mutating func editDeleteMarker(at index: Int) {
    record(
      EditStep(
        label: "Delete Marker", markersRemoved: [MarkerEdit(marker: markers[index], index: index)]))
    markers.remove(at: index)
  }

  /// The marker at `index` named `name` (a section): the old marker out, the named one in.
  mutating func editRenameMarker(at index: Int, to name: String) {
    var renamed = markers[index]
    renamed.name = name
    record(
      EditStep(
        label: "Name Section", markersAdded: [MarkerEdit(marker: renamed, index: index)],
        markersRemoved: [MarkerEdit(marker: markers[index], index: index)]))
    markers[index] = renamed
  }

  /// A change of the saved loops.
  mutating func editSavedLoops(_ label: String, to loops: [SavedLoop]) {
    record(EditStep(label: label, savedLoops: ValueChange(before: savedLoops, after: loops)))
    savedLoops = loops
  }

  private mutating func record(_ step: EditStep) {
    history.undo.append(step)
    history.redo = []
  }
}

extension State {
  /// A grid edit named `label` that leaves the grid's correction as `edit`.
  mutating func editGrid(_ label: String, to edit: GridEdit) {
    history.undo.append(
      EditStep(label: label, grid: ValueChange(before: rhythm.edit, after: edit)))
    history.redo = []
    rhythm.edit = edit
  }
}
