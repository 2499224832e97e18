import Sharp9Domain

/// The notes `sharp9 log` puts after an event, from the session's edit timeline:
/// `undone by 14` on an edit undone as of the end of the session, `undoes 9` / `redoes 9` on undo
/// and redo events, `nothing to undo` / `nothing to redo` on ones that changed nothing.
enum EditMarksText {
  /// The notes by event; events without a note are absent.
  static func marks(_ history: EditTimeline) -> [Int64: String] {
    var marks: [Int64: String] = [:]
    for event in history.revisionEvents {
      let verb = event.isUndo ? "undo" : "redo"
      marks[event.seq] = event.target.map { "\(verb)es \($0)" } ?? "nothing to \(verb)"
    }
    for (edit, undo) in history.undoneEdits { marks[edit] = "undone by \(undo)" }
    return marks
  }
}
