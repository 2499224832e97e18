import Foundation

/// The JSON interchange form of an ``Effect``: `{"type":"<case>", <fields>}`, for example
/// `{"type":"engineSeek","timeSec":3}` or `{"type":"engineSetLoop","aSec":1,"bSec":null,...}`.
extension Effect: Codable {
  /// The `type` tag of every case.
  public enum Kind: String, Sendable, CaseIterable, Codable {
    case engineLoad, enginePlay, enginePause, engineSeek, engineSetRate, engineSetPitchSemitones
    case engineSetLoop, computePeaks, engineSetLoopPractice, engineSetBeatGrid, engineSetClicks
    case engineSetTakeMix
  }

  private enum Field: String, CodingKey {
    case type, url, timeSec, rate, semitones, aSec, bSec, enabled, practice
    case grid, metronomeLevel, countInLevel, countInBeats, countInEveryPass, beatSec
    case take, balance
  }

  /// The case's `type` tag.
  public var kind: Kind {
    switch self {
    case .engineLoad: .engineLoad
    case .enginePlay: .enginePlay
    case .enginePause: .enginePause
    case .engineSeek: .engineSeek
    case .engineSetRate: .engineSetRate
    case .engineSetPitchSemitones: .engineSetPitchSemitones
    case .engineSetLoop: .engineSetLoop
    case .computePeaks: .computePeaks
    case .engineSetLoopPractice: .engineSetLoopPractice
    case .engineSetBeatGrid: .engineSetBeatGrid
    case .engineSetClicks: .engineSetClicks
    case .engineSetTakeMix: .engineSetTakeMix
    }
  }

  /// Decodes an effect (used by tools that read effect logs back).
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: Field.self)
    let tag = try c.decode(String.self, forKey: .type)
    guard let kind = Kind(rawValue: tag) else {
      throw DecodingError.dataCorruptedError(
        forKey: .type, in: c, debugDescription: "unknown effect type \"\(tag)\"")
    }
    switch kind {
    case .engineLoad:
      let text = try c.decode(String.self, forKey: .url)
      guard let url = Action.url(fromInterchange: text) else {
        throw DecodingError.dataCorruptedError(
          forKey: .url, in: c, debugDescription: "\"\(text)\" is not a path or URL")
      }
      self = .engineLoad(url: url)
    case .enginePlay: self = .enginePlay
    case .enginePause: self = .enginePause
    case .engineSeek: self = .engineSeek(timeSec: try c.decode(Double.self, forKey: .timeSec))
    case .engineSetRate: self = .engineSetRate(try c.decode(Double.self, forKey: .rate))
    case .engineSetPitchSemitones:
      self = .engineSetPitchSemitones(try c.decode(Double.self, forKey: .semitones))
    case .engineSetLoop:
      self = .engineSetLoop(
        aSec: try c.decodeIfPresent(Double.self, forKey: .aSec),
        bSec: try c.decodeIfPresent(Double.self, forKey: .bSec),
        enabled: try c.decode(Bool.self, forKey: .enabled))
    case .computePeaks: self = .computePeaks
    case .engineSetLoopPractice:
      self = .engineSetLoopPractice(try c.decode(LoopPractice.self, forKey: .practice))
    case .engineSetBeatGrid:
      self = .engineSetBeatGrid(try c.decodeIfPresent(BeatGrid.self, forKey: .grid))
    case .engineSetClicks:
      self = .engineSetClicks(
        ClickSettings(
          metronomeLevel: try c.decode(Double.self, forKey: .metronomeLevel),
          countInLevel: try c.decode(Double.self, forKey: .countInLevel),
          countInBeats: try c.decode(Int.self, forKey: .countInBeats),
          countInEveryPass: try c.decode(Bool.self, forKey: .countInEveryPass),
          beatSec: try c.decode(Double.self, forKey: .beatSec)))
    case .engineSetTakeMix:
      self = .engineSetTakeMix(
        take: try c.decodeIfPresent(TakeRecording.self, forKey: .take),
        balance: try c.decode(Double.self, forKey: .balance))
    }
  }

  /// Encodes `type` first, then the case's fields; absent loop points are written as `null`.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: Field.self)
    try c.encode(kind.rawValue, forKey: .type)
    switch self {
    case .enginePlay, .enginePause, .computePeaks: break
    case .engineLoad(let url): try c.encode(Action.interchangeString(url), forKey: .url)
    case .engineSeek(let time): try c.encode(time, forKey: .timeSec)
    case .engineSetRate(let rate): try c.encode(rate, forKey: .rate)
    case .engineSetPitchSemitones(let semitones): try c.encode(semitones, forKey: .semitones)
    case .engineSetLoop(let a, let b, let enabled):
      try c.encode(a, forKey: .aSec)
      try c.encode(b, forKey: .bSec)
      try c.encode(enabled, forKey: .enabled)
    case .engineSetLoopPractice(let practice): try c.encode(practice, forKey: .practice)
    case .engineSetBeatGrid(let grid): try c.encode(grid, forKey: .grid)
    case .engineSetClicks(let clicks):
      try c.encode(clicks.metronomeLevel, forKey: .metronomeLevel)
      try c.encode(clicks.countInLevel, forKey: .countInLevel)
      try c.encode(clicks.countInBeats, forKey: .countInBeats)
      try c.encode(clicks.countInEveryPass, forKey: .countInEveryPass)
      try c.encode(clicks.beatSec, forKey: .beatSec)
    case .engineSetTakeMix(let take, let balance):
      try c.encode(take, forKey: .take)
      try c.encode(balance, forKey: .balance)
    }
  }
}
