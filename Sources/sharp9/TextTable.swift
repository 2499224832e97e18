import Foundation

/// Plain-text tables for terminal output: columns separated by two spaces, padded to the widest
/// cell, the last column unpadded (so lines carry no trailing spaces). Cells are data: their
/// control characters are escaped (``TerminalText``), so a title cannot move the cursor or split
/// a row.
enum TextTable {
  /// The rows as lines; columns whose index is in `rightAligned` are padded on the left; cells
  /// of the columns in `truncated` longer than ``truncatedWidth`` end in `…`, so one long title
  /// does not widen every row.
  static func lines(
    _ rows: [[String]], rightAligned: Set<Int> = [], truncated: Set<Int> = []
  ) -> [String] {
    let rows = rows.map { row in
      row.enumerated().map { column, cell in
        let text = TerminalText.escaped(cell)
        guard truncated.contains(column), text.count > truncatedWidth else { return text }
        return text.prefix(truncatedWidth - 1) + "…"
      }
    }
    let columns = rows.map(\.count).max() ?? 0
    let widths = (0..<columns).map { column in
      rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
    }
    return rows.map { row in
      row.enumerated().map { column, cell in
        if column == row.count - 1, !rightAligned.contains(column) { return cell }
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return rightAligned.contains(column) ? padding + cell : cell + padding
      }.joined(separator: "  ")
    }
  }

  /// The widest a truncated cell is printed (titles in `sessions`).
  static let truncatedWidth = 32

  /// `2026-11-21 19:00:00Z`: a wall-clock time for tables, to the second.
  static func utc(_ date: Date) -> String {
    date.formatted(
      Date.ISO8601FormatStyle(dateSeparator: .dash, dateTimeSeparator: .space, timeZone: .gmt))
  }
}
