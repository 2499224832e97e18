import Foundation

/// The session's markers in the order they were added, with their ids counted beside them, so
/// whether an id is taken is answered without a scan: `addMarker` asks on every add, and a session
/// may hold hundreds of thousands of markers (a scan made replaying them quadratic).
///
/// It is the array as far as anyone can tell: equal, hashed, coded and reflected as `[Marker]`;
/// the id counts are derived from the elements and kept in step by every mutation (the one
/// `replaceSubrange` and the element setter), never stored or compared.
public struct MarkerList: Sendable, Hashable, Codable, ExpressibleByArrayLiteral {
  /// The markers, in order.
  public private(set) var elements: [Marker]
  /// How many elements carry each id (a state built by hand may repeat one).
  private var idCounts: [UUID: Int]

  /// An empty list.
  public init() {
    elements = []
    idCounts = [:]
  }

  /// A list of `markers`, in their order.
  public init(_ markers: some Sequence<Marker>) {
    self.init()
    append(contentsOf: markers)
  }

  /// A list of the literal's markers.
  public init(arrayLiteral markers: Marker...) {
    self.init(markers)
  }

  /// Whether a marker with `id` is in the list, in constant time.
  public func contains(id: UUID) -> Bool { idCounts[id] != nil }

  /// Equal when the markers are.
  public static func == (lhs: MarkerList, rhs: MarkerList) -> Bool { lhs.elements == rhs.elements }

  /// Hashed as the markers.
  public func hash(into hasher: inout Hasher) { hasher.combine(elements) }

  /// Decodes the array of markers.
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode([Marker].self))
  }

  /// Encodes the array of markers.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(elements)
  }

  private mutating func count(_ id: UUID, by change: Int) {
    let count = idCounts[id, default: 0] + change
    idCounts[id] = count > 0 ? count : nil
  }
}

extension MarkerList: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
  /// 0.
  public var startIndex: Int { elements.startIndex }
  /// The number of markers.
  public var endIndex: Int { elements.endIndex }

  /// The marker at `position`; setting it keeps the id counts in step.
  public subscript(position: Int) -> Marker {
    get { elements[position] }
    set {
      count(elements[position].id, by: -1)
      count(newValue.id, by: 1)
      elements[position] = newValue
    }
  }

  /// Replaces the markers in `subrange`; the one mutation every other goes through, so the id
  /// counts follow.
  public mutating func replaceSubrange<C: Collection<Marker>>(
    _ subrange: Range<Int>, with newElements: C
  ) {
    for marker in elements[subrange] { count(marker.id, by: -1) }
    for marker in newElements { count(marker.id, by: 1) }
    elements.replaceSubrange(subrange, with: newElements)
  }

  /// Reserves room for `capacity` markers.
  public mutating func reserveCapacity(_ capacity: Int) {
    elements.reserveCapacity(capacity)
    idCounts.reserveCapacity(capacity)
  }
}

extension MarkerList: CustomReflectable, CustomStringConvertible {
  /// Reflected as its elements, so dumps and diffs show the markers and nothing derived.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: elements, displayStyle: .collection)
  }

  /// The markers, as the array prints them.
  public var description: String { elements.description }
}
