extension Migration {
  /// Every migration of `Migrations/`, in order, registered once: its SQL (the file, embedded in
  /// the binary by SwiftPM), the checksum pinned when it shipped, and the data step it needs.
  ///
  /// The pinned checksum means opening a database hashes nothing (the first SHA-256 in a process
  /// costs about half a millisecond of library set-up, a tenth of the `state --at` budget); a
  /// test compares it with the file's, so editing a shipped migration fails the tests. Add a
  /// migration by adding its file and a line here.
  public static let embedded: [Migration] = [
    Migration(
      id: 1, name: "event_log", file: PackageResources._001_event_log_sql,
      checksum: "fc4b9e787e9755fc79998827398579f1bdc3a4b4dcf214f6c29473088d50373f"),
    Migration(
      id: 2, name: "event_chunks", file: PackageResources._002_event_chunks_sql,
      checksum: "f80bc772eda98287879755352952acbf175c78449e9bb8681a074cf8c9da36da",
      dataStep: .packEventRows),
    Migration(
      id: 3, name: "audio_location", file: PackageResources._003_audio_location_sql,
      checksum: "0088d5102f5e13fb09286a73b2bbca97111ba91705c5c0612202d8917541df99"),
    Migration(
      id: 4, name: "song_loops", file: PackageResources._004_song_loops_sql,
      checksum: "72cf381a95b8bd642aec0cb23e34e71f5fe8562d2ccb860f16690b72eac86904"),
    Migration(
      id: 5, name: "session_practice", file: PackageResources._005_session_practice_sql,
      checksum: "b1acf01217c6d69f25a1be43d58872caa5552813783f00c14494b57eb494f17a"),
    Migration(
      id: 6, name: "song_sections", file: PackageResources._006_song_sections_sql,
      checksum: "8595d3c498d9de9f14dda99b107d6a37fe0efacffeb592dfc124b8422ccbf6e6"),
    Migration(
      id: 7, name: "device_tokens", file: PackageResources._007_device_tokens_sql,
      checksum: "80a3947b21c406e600cde34b568d6a2a459d4876f10b7d439a831bd95b58830b"),
    Migration(
      id: 8, name: "device_calibrations", file: PackageResources._008_device_calibrations_sql,
      checksum: "1cdfc96978604dbd871113f9d1ef3fd7d3a0137ab92a1850ae1c87bbe8a47d86"),
    Migration(
      id: 9, name: "midi_bindings", file: PackageResources._009_midi_bindings_sql,
      checksum: "81e02fc52dfa7758f144c8fa1e3a699b5553bc3f9246b6632da08018c4fe9bbd"),
    Migration(
      id: 10, name: "calibration_reported_round_trip",
      file: PackageResources._010_calibration_reported_round_trip_sql,
      checksum: "5faee6a359589133b2f931e0801ebf31dfd36a3a6c46ea1630a911e1fac6aacc"),
  ]

  private init(
    id: Int, name: String, file: [UInt8], checksum: String, dataStep: MigrationDataStep? = nil
  ) {
    self.init(
      id: id, name: name, sql: String(decoding: file, as: UTF8.self), checksum: checksum,
      dataStep: dataStep)
  }
}
