/// A marker an edit added or removed, with its position in ``State/markers`` (after adding,
/// before removing), so undo and redo put it back exactly where it was.
public struct MarkerEdit: Sendable, Equatable, Hashable, Codable {
  /// The marker.
  public var marker: Marker
  /// Its index in the marker list.
  public var index: Int

  /// Creates a marker edit.
  public init(marker: Marker, index: Int) {
    self.marker = marker
    self.index = index
  }
}
