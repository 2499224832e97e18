import Foundation

/// What the musician listens to while the song plays: the song alone, or one of their takes with
/// it, and the balance between the two.
///
/// The balance is one number from −1 to 1, as on a mixer's crossfader: −1 the song alone, 0 both
/// at full level, 1 the take alone (``levels``). Choosing another take keeps the balance, so A/B
/// between passes compares like with like.
public struct TakeListening: Sendable, Equatable, Hashable, Codable {
  /// The take heard with the song (nil: the song alone, the takes silent).
  public var takeID: UUID?
  /// Song against take, −1 (the song alone) … 0 (both at full level) … 1 (the take alone).
  public var balance: Double

  /// Creates a listening choice; the default is the song alone, balance centred.
  public init(takeID: UUID? = nil, balance: Double = 0) {
    self.takeID = takeID
    self.balance = balance
  }

  /// Whether this is the default (what the state's JSON leaves out).
  public var isDefault: Bool { takeID == nil && balance == 0 }

  /// The song's and the take's levels (0 … 1) at `balance`: the side the balance moves toward
  /// stays at full level and the other falls linearly to silence at the end.
  public static func levels(balance: Double) -> (song: Double, take: Double) {
    let clamped = min(max(balance, -1), 1)
    return (song: min(1, 1 - clamped), take: min(1, 1 + clamped))
  }

  private enum CodingKeys: String, CodingKey {
    case takeID, balance
  }

  /// Decodes both fields; `takeID` may be `null`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    takeID = try container.decodeIfPresent(UUID.self, forKey: .takeID)
    balance = try container.decode(Double.self, forKey: .balance)
  }

  /// Encodes both fields, no take as `null` as the interchange format requires.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(takeID, forKey: .takeID)
    try container.encode(balance, forKey: .balance)
  }

  /// The levels at `balance` in words: `song 100 %, take 75 %` (the toast's and the log's).
  public static func levelsText(balance: Double) -> String {
    let levels = Self.levels(balance: balance)
    let percent = { (level: Double) in "\(Int((level * 100).rounded())) %" }
    return "song \(percent(levels.song)), take \(percent(levels.take))"
  }

  /// The balance range and the step of the player's balance keys.
  public static let balanceRange = -1.0...1.0
  /// One press of a balance key (four presses from centre to one side).
  public static let balanceStep = 0.25
}
