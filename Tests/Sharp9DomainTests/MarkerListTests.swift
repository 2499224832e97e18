import Foundation
import Sharp9Domain
import Testing

/// `MarkerList` is the array it wraps as far as anyone can tell, and its constant-time
/// `contains(id:)` agrees with a scan after every kind of mutation: a seeded walk of appends,
/// inserts, removals, in-place sets, range replacements and `removeAll(where:)`, with repeated
/// ids, checked step by step against a plain `[Marker]`.
@Suite struct MarkerListTests {
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func containsAgreesWithAScanAfterEveryMutation(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    // Few distinct ids, so repeats (a state built by hand may have them) are common.
    let ids = (0..<12).map { ActionContext.derivedID(session: UUID(), sequence: Int64($0)) }
    func marker() -> Marker {
      Marker(
        id: ids[Int.random(in: 0..<ids.count, using: &random)],
        timeSec: Double.random(in: 0...9, using: &random))
    }
    var list = MarkerList()
    var array: [Marker] = []
    for step in 0..<2_000 {
      let index = array.isEmpty ? 0 : Int.random(in: 0..<array.count, using: &random)
      switch Int.random(in: 0..<6, using: &random) {
      case 0:
        let new = marker()
        list.append(new)
        array.append(new)
      case 1:
        let new = marker()
        list.insert(new, at: index)
        array.insert(new, at: index)
      case 2 where !array.isEmpty:
        list.remove(at: index)
        array.remove(at: index)
      case 3 where !array.isEmpty:
        let new = marker()
        list[index] = new
        array[index] = new
      case 4:
        let end = min(array.count, index + Int.random(in: 0...3, using: &random))
        let new = (0..<Int.random(in: 0...3, using: &random)).map { _ in marker() }
        list.replaceSubrange(index..<end, with: new)
        array.replaceSubrange(index..<end, with: new)
      default:
        let gone = ids[Int.random(in: 0..<ids.count, using: &random)]
        list.removeAll { $0.id == gone }
        array.removeAll { $0.id == gone }
      }
      #expect(list.elements == array, "step \(step)")
      for id in ids {
        #expect(list.contains(id: id) == array.contains { $0.id == id }, "step \(step)")
      }
    }
  }

  @Test func equalHashedAndCodedAsTheArray() throws {
    let markers = (1...3).map {
      Marker(id: ActionContext.derivedID(session: UUID(), sequence: $0), timeSec: Double($0))
    }
    let list = MarkerList(markers)
    #expect(list == MarkerList(markers.map { $0 }))
    #expect(list.hashValue == MarkerList(markers).hashValue)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(try encoder.encode(list) == encoder.encode(markers))
    #expect(try OrderedJSONEncoder().string(list) == OrderedJSONEncoder().string(markers))
    #expect(try JSONDecoder().decode(MarkerList.self, from: JSONEncoder().encode(markers)) == list)
    #expect(Mirror(reflecting: list).children.count == 3)
  }
}
