import Testing

@testable import Sharp9Domain

@Suite("DeltaDebugging (ddmin)")
struct DeltaDebuggingTests {
  @Test("two needed elements out of eight")
  func twoOfEight() {
    let minimal = DeltaDebugging.minimize(Array(1...8)) { $0.contains(3) && $0.contains(6) }
    #expect(minimal == [3, 6])
  }

  @Test("Zeller's example: the failure needs 1, 7 and 8")
  func zellerExample() {
    let outcome = DeltaDebugging.run(Array(1...8)) { Set([1, 7, 8]).isSubset(of: $0) }
    #expect(outcome.minimal == [1, 7, 8])
    #expect(outcome.keptIndices == [0, 6, 7])
  }

  @Test("order is kept: the predicate needs 5 before 2")
  func orderKept() {
    let minimal = DeltaDebugging.minimize([9, 5, 1, 2, 5, 7]) { candidate in
      guard let five = candidate.firstIndex(of: 5) else { return false }
      return candidate[five...].contains(2)
    }
    #expect(minimal == [5, 2])
  }

  @Test("a predicate true for everything shrinks to nothing")
  func alwaysTrue() {
    #expect(DeltaDebugging.minimize(Array(0..<13)) { _ in true } == [])
    #expect(DeltaDebugging.minimize([42]) { _ in true } == [])
  }

  @Test("a single needed element stays")
  func singleNeeded() {
    #expect(DeltaDebugging.minimize([42]) { $0 == [42] } == [42])
    #expect(DeltaDebugging.minimize(Array(0..<100)) { $0.contains(77) } == [77])
  }

  @Test("a threshold predicate: any three elements, reaching exactly three")
  func threshold() {
    let minimal = DeltaDebugging.minimize(Array(0..<40)) { $0.count >= 3 }
    #expect(minimal.count == 3)
    // 1-minimal: dropping any one breaks it.
    #expect(minimal.count - 1 < 3)
  }

  @Test("each distinct candidate is tested once")
  func cachesCandidates() {
    var seen: [[Int]: Int] = [:]
    _ = DeltaDebugging.minimize(Array(0..<32)) { candidate in
      seen[candidate, default: 0] += 1
      return candidate.contains(4) && candidate.contains(19) && candidate.contains(30)
    }
    #expect(seen.values.allSatisfy { $0 == 1 })
  }

  @Test("seeded random needles: ddmin finds exactly the needles", arguments: [1, 2, 3, 99, 2026])
  func randomNeedles(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for _ in 0..<20 {
      let size = Int.random(in: 1...120, using: &random)
      let input = (0..<size).map { _ in Int.random(in: 0..<1_000_000, using: &random) }
      let needleCount = Int.random(in: 1...min(6, size), using: &random)
      let positions = Array(input.indices).shuffled(using: &random).prefix(needleCount).sorted()
      let needles = positions.map { input[$0] }
      let outcome = DeltaDebugging.run(input) { candidate in
        var rest = candidate[...]
        for needle in needles {
          guard let found = rest.firstIndex(of: needle) else { return false }
          rest = rest[(found + 1)...]
        }
        return true
      }
      #expect(outcome.minimal == needles)
      // ddmin's worst case is quadratic; needles this sparse stay far below it.
      #expect(outcome.tests <= 4 * needleCount * max(size, 2))
    }
  }

  @Test("split makes near-equal contiguous chunks")
  func split() {
    #expect(DeltaDebugging.split(Array(0..<7), into: 3) == [[0, 1], [2, 3], [4, 5, 6]])
    #expect(DeltaDebugging.split(Array(0..<4), into: 4) == [[0], [1], [2], [3]])
  }
}

@Suite("SplitMix64")
struct SplitMix64Tests {
  @Test("reference values of seed 0 (from the published algorithm)")
  func referenceValues() {
    // Qualified: the test target has a SplitMix64 of its own.
    var random = Sharp9Domain.SplitMix64(seed: 0)
    #expect(random.next() == 0xE220_A839_7B1D_CDAF)
    #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
    #expect(random.next() == 0x06C4_5D18_8009_454F)
  }
}
