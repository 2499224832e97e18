import Foundation
import Sharp9Domain

/// The takes the live engine decoded for listening back, kept on the control side: the audio
/// thread reads them through views (``TakeSound``), so one is freed only once the audio thread
/// can no longer be reading it: a later choice was applied and rendered past its fade. The
/// last few chosen are kept decoded, so A/B between passes does not decode again.
final class LiveTakes {
  private struct Held {
    var audio: DecodedAudio
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
  private var held: [String: Held] = [:]
  private var current: String?
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
    guard held[take.sha256] == nil, let audio = try? load(take) else { return }
    held[take.sha256] = Held(audio: audio, chosenAt: choices, replacedBy: nil, releasableAfter: nil)
  }

  /// Chooses `take` (decoding it unless it is kept) as choice `generation`; its view, or nil
  /// when there is none or it cannot be decoded.
  func choose(_ take: TakeRecording?, generation: Int) -> TakeSound? {
    choices += 1
    var audio: DecodedAudio?
    problem = nil
    if let take {
      do {
        audio = try held[take.sha256]?.audio ?? load(take)
      } catch {
        problem = "take \(take.sha256.prefix(8)) cannot be heard: \(Self.describe(error))"
      }
    }
    let key = audio == nil ? nil : take?.sha256
    if let current, current != key { held[current]?.replacedBy = generation }
    if let key, let audio {
      held[key] = Held(audio: audio, chosenAt: choices, replacedBy: nil, releasableAfter: nil)
    }
    current = key
    return audio.map { TakeSound($0, playedAt: take?.playedAt) }
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
