import Sharp9Domain
import Sharp9Store

/// The text of `sharp9 history`.
enum EditTimelineText {
  /// The heading, the table of edits and the cursor line.
  static func lines(_ history: EditTimeline, session: SessionRecord) -> [String] {
    var lines = [
      "session \(session.idString): edit history as of event \(history.asOf) of"
        + " \(session.eventCount)"
    ]
    if history.startedAfter > 0 {
      lines.append(
        "(a track was loaded at event \(history.startedAfter); earlier edits can no longer be undone)"
      )
    }
    guard !history.steps.isEmpty else {
      lines.append("no edits to undo or redo")
      return lines
    }
    var rows = [["#", "EVENT", "T", "EDIT", "STATUS", "CHANGE"]]
    for step in history.steps {
      let changes = step.changes.map(\.description)
      rows.append(
        [
          String(step.number), String(step.seq), formatTime(step.t), step.name, status(step),
          changes.first ?? "(no field change)",
        ])
      for change in changes.dropFirst() { rows.append(["", "", "", "", "", change]) }
    }
    lines += TextTable.lines(rows, rightAligned: [0, 1])
    if history.forgotten > 0 {
      lines.append("\(history.forgotten) older edit(s) can no longer be undone or redone")
    }
    lines.append(cursor(history))
    return lines
  }

  private static func status(_ step: TimelineEdit) -> String {
    guard let last = step.revisions.last else { return "applied" }
    return (last.isUndo ? "undone" : "redone") + " at \(last.seq)"
  }

  private static func cursor(_ history: EditTimeline) -> String {
    let undo = history.nextUndo.map { "#\($0.number) \($0.name)" } ?? "nothing"
    let redo = history.nextRedo.map { "#\($0.number) \($0.name)" } ?? "nothing"
    return "cursor: \(history.cursor) of \(history.steps.count) applied; undo → \(undo);"
      + " redo → \(redo)"
  }
}
