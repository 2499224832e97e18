/// The JSON form of a segment, as `sharp9 timeline --json` prints it: the stored fields plus
/// `looped`, with `start` as its name (`"wrap"`, `"seek"`, ...), and `countIn` only on the
/// segments of a count-in.
extension TimelineSegment {
  private enum Field: String, CodingKey {
    case wallStartSec, wallEndSec, sourceStartSec, sourceEndSec, speed, pitchSemitones
    case isPlaying, start, looped, countIn
  }

  /// Decodes a segment printed by `sharp9 timeline --json`.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: Field.self)
    let name = try c.decode(String.self, forKey: .start)
    guard let start = Start.allCases.first(where: { $0.name == name }) else {
      throw DecodingError.dataCorruptedError(
        forKey: .start, in: c, debugDescription: "unknown segment start \"\(name)\"")
    }
    self.init(
      wallStartSec: try c.decode(Double.self, forKey: .wallStartSec),
      wallEndSec: try c.decode(Double.self, forKey: .wallEndSec),
      sourceStartSec: try c.decode(Double.self, forKey: .sourceStartSec),
      sourceEndSec: try c.decode(Double.self, forKey: .sourceEndSec),
      speed: try c.decode(Double.self, forKey: .speed),
      pitchSemitones: try c.decode(Double.self, forKey: .pitchSemitones),
      isPlaying: try c.decode(Bool.self, forKey: .isPlaying),
      start: start, countIn: try c.decodeIfPresent(CountInSpan.self, forKey: .countIn))
  }

  /// Encodes every field in declaration order, then `looped`.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: Field.self)
    try c.encode(wallStartSec, forKey: .wallStartSec)
    try c.encode(wallEndSec, forKey: .wallEndSec)
    try c.encode(sourceStartSec, forKey: .sourceStartSec)
    try c.encode(sourceEndSec, forKey: .sourceEndSec)
    try c.encode(speed, forKey: .speed)
    try c.encode(pitchSemitones, forKey: .pitchSemitones)
    try c.encode(isPlaying, forKey: .isPlaying)
    try c.encode(start.name, forKey: .start)
    try c.encode(looped, forKey: .looped)
    try c.encodeIfPresent(countIn, forKey: .countIn)
  }
}
