import Foundation
import Sharp9Audio
import Sharp9Domain

/// Where a take being written belongs: its session, first frame, pass, input, round trip, the
/// dropouts counted so far and the speed and pitch it is played along at (and their changes so
/// far). The recorder keeps it
/// beside the take's hidden file (`.take-<pid>-<uuid>.placement`) while the take is written, so
/// that a take cut short by a crash can be recovered into its session
/// (``TakeRecovery/placed(_:session:sampleRate:)``) rather than only offered as a file.
///
/// Read back after a crash, the file is input from outside like any other: a placement that
/// does not decode, or names impossible frames, places nothing.
public struct TakePlacement: Sendable, Equatable, Codable {
  /// The session the take is recorded in.
  public var session: UUID
  /// The session frame of the take's first frame.
  public var startFrame: Int64
  /// The loop pass (nil: the loop was off).
  public var pass: Int?
  /// The input device's name.
  public var input: String
  /// The round trip subtracted from the input's frames.
  public var latencyFrames: Int64
  /// The dropouts the device reported during the take so far.
  public var dropouts: Int
  /// The song's speed and pitch the take was played along at (nil: not known, as in a placement
  /// written before 2026-11-28).
  public var playedAt: SpeedAndPitch?
  /// The changes of speed or pitch made while it was written, up to its last flush, counted from
  /// its first frame (nil: none yet, or a placement written before they were kept).
  public var playedAtChanges: [PlayedAtChange]?

  /// Creates a placement.
  public init(
    session: UUID, startFrame: Int64, pass: Int?, input: String, latencyFrames: Int64,
    dropouts: Int = 0, playedAt: SpeedAndPitch? = nil, playedAtChanges: [PlayedAtChange]? = nil
  ) {
    self.session = session
    self.startFrame = startFrame
    self.pass = pass
    self.input = input
    self.latencyFrames = latencyFrames
    self.dropouts = dropouts
    self.playedAt = playedAt
    self.playedAtChanges = playedAtChanges
  }

  /// The take of `frames` frames whose file hashes to `sha256`, placed here (with the changes
  /// inside what was recovered of it); nil when the placement names what no take can be
  /// (``TakeRecording/problem``).
  public func recording(frames: Int64, sha256: String) -> TakeRecording? {
    let (end, overflow) = startFrame.addingReportingOverflow(frames)
    guard !overflow else { return nil }
    let take = TakeRecording(
      startFrame: startFrame, endFrame: end, pass: pass, input: input, sha256: sha256,
      dropouts: dropouts, latencyFrames: latencyFrames, playedAt: playedAt,
      playedAtChanges: (playedAtChanges ?? []).filter { $0.frame < frames })
    return take.problem == nil ? take : nil
  }
}

extension TakeLibrary {
  /// How the placement file of the take written to `writerURL` (`.take-<pid>-<uuid>.flac`) is
  /// named: `.take-<pid>-<uuid>.placement`.
  static func placementURL(ofWriter writerURL: URL) -> URL {
    writerURL.deletingPathExtension().appendingPathExtension(placementExtension)
  }

  static let placementExtension = "placement"

  /// Writes `placement` beside the take being written to `writerURL`, replacing the last one
  /// whole (a crash leaves the old or the new, never half of one).
  func writePlacement(_ placement: TakePlacement, ofWriter writerURL: URL) throws {
    let data = try JSONEncoder().encode(placement)
    try data.write(to: Self.placementURL(ofWriter: writerURL), options: .atomic)
  }

  /// Removes the placement of the take written to `writerURL` (finished, failed, or recovered).
  func removePlacement(ofWriter writerURL: URL) {
    try? FileManager.default.removeItem(at: Self.placementURL(ofWriter: writerURL))
  }

  /// The placement beside the take written to `writerURL`, nil when there is none or it does
  /// not decode.
  func placement(ofWriter writerURL: URL) -> TakePlacement? {
    // A placement is a few hundred bytes, and about 60 more a speed change (at most 256): anything
    // much larger is not one.
    let url = Self.placementURL(ofWriter: writerURL)
    guard let handle = try? AudioFilePath.openRegularFile(url) else { return nil }
    defer { try? handle.close() }
    let limit = 32_768
    guard let data = try? handle.read(upToCount: limit), data.count < limit else { return nil }
    return try? JSONDecoder().decode(TakePlacement.self, from: data)
  }
}
