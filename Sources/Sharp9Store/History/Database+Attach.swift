extension Database {
  /// Runs `body` with the database file at `path` attached under `schema` (so one statement can
  /// copy rows between the two files), detaching afterwards even when `body` throws.
  func attach<Result>(_ path: String, as schema: String, _ body: () throws -> Result) throws
    -> Result
  {
    let attach = try prepare("ATTACH DATABASE ? AS \(schema)")
    try attach.bind(path, at: 1)
    try attach.run()
    defer { try? execute("DETACH DATABASE \(schema)") }
    return try body()
  }
}
