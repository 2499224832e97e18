import Foundation
import Sharp9Domain

/// The takes the live engine decoded for listening back, kept on the control side: the audio
/// thread reads them through views (``TakeSound``), so one is freed only once the audio thread
/// can no longer be reading it: a later choice was applied and rendered past its fade. The
/// last few chosen are kept decoded, so A/B between passes does not decode again.
final class LiveTakes {
  private struct Held {
    var audio: DecodedAudio
    /// Its speed changes, read by the audio thread as long as the audio.
    var changes: PlayedAtChangeBuffer?
    /// When it was last chosen (a counter), for keeping the most recent.
    var chosenAt: Int
    /// The generation of the choice that replaced it (nil: it is the current one).
    var replacedBy: Int?
    /// The frame the audio thread had reached when that replacement was seen applied.
    var releasableAfter: Int64?
  }

  /// How many decoded takes are kept besides the current one.
  static let keptTakes = 4

  private let sampleRate: Int
  private let decode: ((TakeRecording) throws -> DecodedAudio)?
  private let holdFrames: Int64
  /// By take (not by hash alone: two reports of one file may say different speed changes).
  private var held: [TakeRecording: Held] = [:]
  private var current: TakeRecording?
  private var choices = 0
  /// Why the take chosen last cannot be heard (nil: it can, or none is chosen).
  private(set) var problem: String?

  init(
    sampleRate: Int, decode: ((TakeRecording) throws -> DecodedAudio)?, holdFrames: Int64
  ) {
    self.sampleRate = sampleRate
    self.decode = decode
    self.holdFrames = holdFrames
  }

  /// Decodes `take` ahead of its choice and keeps it (as current until chosen: never freed
  /// before), so that choosing it costs no decoding; one that cannot be decoded is left for
  /// ``choose(_:generation:)`` to report.
  func prepare(_ take: TakeRecording) {
    guard held[take] == nil, let audio = try? load(take) else { return }
    held[take] = Held(
      audio: audio, changes: Self.changes(of: take), chosenAt: choices, replacedBy: nil,
      releasableAfter: nil)
  }

  /// Chooses `take` (decoding it unless it is kept) as choice `generation`; its view, or nil
  /// when there is none or it cannot be decoded.
  func choose(_ take: TakeRecording?, generation: Int) -> TakeSound? {
    choices += 1
    var audio: DecodedAudio?
    problem = nil
    if let take {
      do {
        audio = try held[take]?.audio ?? load(take)
      } catch {
        problem = "take \(take.sha256.prefix(8)) cannot be heard: \(Self.describe(error))"
      }
    }
    let key = audio == nil ? nil : take
    if let current, current != key { held[current]?.replacedBy = generation }
    guard let key, let audio else {
      current = nil
      return nil
    }
    let changes = held[key]?.changes ?? Self.changes(of: key)
    held[key] = Held(
      audio: audio, changes: changes, chosenAt: choices, replacedBy: nil, releasableAfter: nil)
    current = key
    return TakeSound(audio, playedAt: key.playedAt, changes: changes)
  }

  /// A buffer of `take`'s speed changes for the audio thread (nil: it has none).
  private static func changes(of take: TakeRecording) -> PlayedAtChangeBuffer? {
    take.playedAtChanges.isEmpty ? nil : PlayedAtChangeBuffer(take.playedAtChanges)
  }

  /// Frees the takes beyond the most recent ``keptTakes`` that the audio thread can no longer be
  /// reading, given the last choice it `applied` and the frame it has `renderedUntil`.
  func release(applied: Int, renderedUntil: Int64) {
    for key in held.keys {
      guard let replacedBy = held[key]?.replacedBy, applied >= replacedBy else { continue }
      if held[key]?.releasableAfter == nil { held[key]?.releasableAfter = renderedUntil }
    }
    let releasable = held.filter { entry in
      entry.value.releasableAfter.map { renderedUntil >= $0 + holdFrames } ?? false
    }
    let excess = held.count - 1 - Self.keptTakes
    guard excess > 0 else { return }
    for (key, _) in releasable.sorted(by: { $0.value.chosenAt < $1.value.chosenAt }).prefix(excess)
    {
      held[key] = nil
    }
  }

  private func load(_ take: TakeRecording) throws -> DecodedAudio {
    guard let decode else { throw ListenedTakeUnavailable(sha256: take.sha256) }
    return try TakeSound.checked(decode(take), songRate: sampleRate)
  }

  private static func describe(_ error: any Error) -> String {
    if error is ListenedTakeUnavailable { return "its file is not in the take library" }
    return (error as? AudioFileError)?.detail ?? "\(error)"
  }
}
