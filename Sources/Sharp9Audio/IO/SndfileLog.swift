/// Reads libsndfile's open-time log for a truncation it tolerates silently.
///
/// When a WAV `data` or AIFF `SSND` chunk claims more bytes than the file holds, libsndfile opens
/// the file anyway with the shorter length and only notes `data : 352800 (should be 199956)` in
/// its log. A musician would otherwise hear a song that silently stops early, so sharp9 treats it
/// as truncation. Placeholder sizes written by streaming recorders (0, 0xFFFFFFFF, 0x7FFFFFFF)
/// are not truncation.
enum SndfileLog {
  /// Declared and present byte counts of the audio chunk, when the declared size is larger.
  struct Shortfall: Equatable {
    /// Bytes the header claims.
    var declared: Int64
    /// Bytes the file holds.
    var present: Int64
  }

  private static let audioChunks: Set<Substring> = ["data", "SSND"]
  private static let placeholderSizes: Set<Int64> = [0, 0xFFFF_FFFF, 0x7FFF_FFFF]

  /// The first audio-chunk shortfall noted in `log`, if any.
  static func truncation(in log: String) -> Shortfall? {
    for line in log.split(separator: "\n") {
      // Shape: "<chunk> : <declared> (should be <present>)".
      let parts = line.split(whereSeparator: { " :()".contains($0) })
      guard parts.count == 5, audioChunks.contains(parts[0]), parts[2] == "should",
        parts[3] == "be", let declared = Int64(parts[1]), let present = Int64(parts[4]),
        declared > present, !placeholderSizes.contains(declared)
      else { continue }
      return Shortfall(declared: declared, present: present)
    }
    return nil
  }
}
