/// Why a database's schema was refused. The database is never altered when one of these is thrown.
public enum MigrationError: StoreFailure, Equatable {
  /// The database has a migration this sharp9 does not know: it was written by a newer sharp9.
  case unknownMigration(path: String, id: Int, name: String)
  /// An applied migration's recorded checksum differs from the SQL this sharp9 carries.
  case changedMigration(path: String, id: Int, name: String)
  /// The file is an SQLite database of some other application.
  case notSharp9(path: String)

  /// ``StoreResultCode/incompatible``: the schema is not one this sharp9 can use.
  public var resultCode: StoreResultCode { .incompatible }

  /// One line saying what is wrong and what to do.
  public var description: String {
    switch self {
    case .unknownMigration(let path, let id, let name):
      "\(path) was written by a newer sharp9 (it has migration \(id) \(name), unknown to this"
        + " version); upgrade sharp9 to use it"
    case .changedMigration(let path, let id, let name):
      "\(path) was migrated with a different text of migration \(id) \(name) than this sharp9"
        + " carries; refusing to use it (use the sharp9 build that created it)"
    case .notSharp9(let path):
      "\(path) is an SQLite database but not a sharp9 one"
    }
  }
}
