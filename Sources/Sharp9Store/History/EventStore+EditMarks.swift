extension EventStore {
  /// Notes for `sharp9 log`, by event: `undone by 14` on an edit undone at the end of the session,
  /// `undoes 9` / `redoes 9` on undo and redo events, `nothing to undo` / `nothing to redo` on
  /// ones that changed nothing. Events without a note are absent.
  ///
  /// One replay of the whole session (the log's own replay streams; this keeps only the undo and
  /// redo events, so memory stays small).
  public func editMarks(of session: SessionRecord) throws -> [Int64: String] {
    let history = try editTimeline(of: session)
    var marks: [Int64: String] = [:]
    for event in history.revisionEvents {
      let verb = event.isUndo ? "undo" : "redo"
      marks[event.seq] = event.target.map { "\(verb)es \($0)" } ?? "nothing to \(verb)"
    }
    for (edit, undo) in history.undoneEdits { marks[edit] = "undone by \(undo)" }
    return marks
  }
}
