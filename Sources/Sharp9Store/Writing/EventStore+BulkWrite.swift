extension EventStore {
  /// Page cache for one large write transaction (an import): 64 MiB.
  ///
  /// Why: with SQLite's default 2 MiB cache, a transaction larger than the cache spills dirty
  /// pages to the WAL before it commits, and pages changed again after spilling (the tables'
  /// growing right edges) are written again, tripling the bytes an import writes. The cache
  /// only takes memory as pages are dirtied, and goes back to the default afterwards, so reads
  /// (a replay's memory stays flat) are unaffected.
  private static let bulkWriteCacheKiB = 65536

  /// Runs `body` with the bulk-write page cache, and statement journals in memory instead of a
  /// temporary file, restoring both settings afterwards. Inside a caller's transaction (where
  /// SQLite refuses to change `temp_store`) it simply runs `body`.
  func withBulkWriteCache<Result>(_ body: () throws -> Result) throws -> Result {
    if database.isInTransaction { return try body() }
    let cache = try database.scalarText("PRAGMA cache_size") ?? "-2000"
    let tempStore = try database.scalarText("PRAGMA temp_store") ?? "0"
    try database.execute(
      "PRAGMA cache_size = -\(Self.bulkWriteCacheKiB); PRAGMA temp_store = MEMORY")
    defer {
      try? database.execute("PRAGMA cache_size = \(cache); PRAGMA temp_store = \(tempStore)")
    }
    return try body()
  }
}
