import Foundation

/// Plain-text tables for terminal output: columns separated by two spaces, padded to the widest
/// cell, the last column unpadded (so lines carry no trailing spaces).
enum TextTable {
  /// The rows as lines; columns whose index is in `rightAligned` are padded on the left.
  static func lines(_ rows: [[String]], rightAligned: Set<Int> = []) -> [String] {
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

  /// `2026-11-21 19:00:00Z`: a wall-clock time for tables, to the second.
  static func utc(_ date: Date) -> String {
    date.formatted(
      Date.ISO8601FormatStyle(dateSeparator: .dash, dateTimeSeparator: .space, timeZone: .gmt))
  }
}
