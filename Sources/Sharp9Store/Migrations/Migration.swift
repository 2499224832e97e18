import Crypto
import Foundation

/// One forward-only schema step from `Migrations/NNNN_name.sql`.
///
/// The SQL is embedded in the binary (``embedded``, by SwiftPM from the files) rather than read
/// at run time, so an installed `sharp9` never depends on the source tree.
public struct Migration: Sendable, Equatable {
  /// The number in the file name; migrations apply in increasing order.
  public var id: Int
  /// The rest of the file name, e.g. `event_log`.
  public var name: String
  /// The SQL text, exactly as in the file.
  public var sql: String {
    didSet { checksum = Self.checksum(of: sql) }
  }
  /// Lower-case hex SHA-256 of ``sql``: recorded when applied, compared on every open, so a
  /// database whose applied migration text changed is detected.
  public private(set) var checksum: String
  /// Work SQL cannot express, run right after ``sql`` in the same transaction.
  var dataStep: MigrationDataStep?

  /// Creates a migration.
  public init(id: Int, name: String, sql: String) {
    self.init(id: id, name: name, sql: sql, checksum: Self.checksum(of: sql))
  }

  /// A migration whose checksum is already known (see ``embedded``).
  init(id: Int, name: String, sql: String, checksum: String, dataStep: MigrationDataStep? = nil) {
    self.id = id
    self.name = name
    self.sql = sql
    self.checksum = checksum
    self.dataStep = dataStep
  }

  /// Lower-case hex SHA-256 of `sql`'s UTF-8 bytes.
  static func checksum(of sql: String) -> String {
    hexString(SHA256.hash(data: Data(sql.utf8)))
  }

  /// `0001_event_log`.
  public var fileStem: String {
    let digits = String(id)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "_" + name
  }
}
