extension Migration {
  /// Every migration of `Migrations/postgres/`, in order, for ``PostgresStore``: the SQL embedded
  /// in the binary and the checksum pinned when it shipped (a test compares it with the file's,
  /// as for SQLite's ``embedded``). Add a migration by adding its file and a line here.
  public static let postgres: [Migration] = [
    Migration(
      id: 1, name: "postgres_event_log",
      sql: String(decoding: PackageResources._001_postgres_event_log_sql, as: UTF8.self),
      checksum: "f4d22c0f4ebdf8769aff1aec22371bd60117966c96baa59d09e4a33bf2b8bbd6"),
    Migration(
      id: 2, name: "postgres_song_sections",
      sql: String(decoding: PackageResources._002_postgres_song_sections_sql, as: UTF8.self),
      checksum: "8595d3c498d9de9f14dda99b107d6a37fe0efacffeb592dfc124b8422ccbf6e6"),
    Migration(
      id: 3, name: "postgres_device_tokens",
      sql: String(decoding: PackageResources._003_postgres_device_tokens_sql, as: UTF8.self),
      checksum: "16c70e4da105c4e7b2a6477432fdeed4d64698bbeb83516668da4364ea31891f"),
    Migration(
      id: 4, name: "postgres_event_session_check",
      sql: String(decoding: PackageResources._004_postgres_event_session_check_sql, as: UTF8.self),
      checksum: "95da93eb68410717b4f7b80f3825e056bf1fc3a95a305e312c63cc247f9b60ed"),
  ]
}
