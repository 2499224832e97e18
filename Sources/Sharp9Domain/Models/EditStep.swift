/// One undoable edit: what it is called and exactly what it changed. Only the changed values are
/// kept (not whole states), so a full history stays small.
public struct EditStep: Sendable, Equatable, Hashable, Codable {
  /// What the musician did, as undo and redo name it: "Set A", "Loop On", "Add Marker", …
  public var label: String
  /// The A–B loop before and after, if the edit changed it.
  public var loop: ValueChange<LoopPoints>?
  /// The speed before and after, if the edit changed it.
  public var speed: ValueChange<Double>?
  /// The pitch before and after, if the edit changed it.
  public var pitch: ValueChange<Double>?
  /// Markers the edit added.
  public var markersAdded: [MarkerEdit]
  /// Markers the edit removed.
  public var markersRemoved: [MarkerEdit]
  /// The saved loops before and after, if the edit changed them (written to JSON only then).
  public var savedLoops: ValueChange<[SavedLoop]>?
  /// The grid's correction before and after, if the edit changed it (written to JSON only then).
  public var grid: ValueChange<GridEdit>?

  /// Creates a step.
  public init(
    label: String, loop: ValueChange<LoopPoints>? = nil, speed: ValueChange<Double>? = nil,
    pitch: ValueChange<Double>? = nil, markersAdded: [MarkerEdit] = [],
    markersRemoved: [MarkerEdit] = [], savedLoops: ValueChange<[SavedLoop]>? = nil,
    grid: ValueChange<GridEdit>? = nil
  ) {
    self.label = label
    self.loop = loop
    self.speed = speed
    self.pitch = pitch
    self.markersAdded = markersAdded
    self.markersRemoved = markersRemoved
    self.savedLoops = savedLoops
    self.grid = grid
  }

  /// Whether the step changes nothing (such edits are not recorded).
  public var isEmpty: Bool {
    loop == nil && speed == nil && pitch == nil && markersAdded.isEmpty && markersRemoved.isEmpty
      && savedLoops == nil && grid == nil
  }

  private enum CodingKeys: String, CodingKey {
    case label, loop, speed, pitch, markersAdded, markersRemoved, savedLoops, grid
  }

  /// Encodes every field, unchanged values as `null`, but ``savedLoops`` only when it changed
  /// (steps written before saved loops existed keep their JSON and hashes).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(label, forKey: .label)
    try container.encode(loop, forKey: .loop)
    try container.encode(speed, forKey: .speed)
    try container.encode(pitch, forKey: .pitch)
    try container.encode(markersAdded, forKey: .markersAdded)
    try container.encode(markersRemoved, forKey: .markersRemoved)
    try container.encodeIfPresent(savedLoops, forKey: .savedLoops)
    try container.encodeIfPresent(grid, forKey: .grid)
  }
}
