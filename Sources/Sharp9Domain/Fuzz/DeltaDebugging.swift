/// Zeller and Hildebrandt's ddmin ("Simplifying and Isolating Failure-Inducing Input", 2002):
/// shrinks a sequence to a 1-minimal subsequence for which a predicate still holds — removing any
/// single remaining element makes the predicate fail.
///
/// Generic and pure: the predicate sees candidate subsequences in their original order (for a
/// session, each action keeps its `t` order) and nothing else. Each distinct candidate is tested at
/// most once (results are cached by the kept positions), so an expensive predicate such as an
/// external command runs as few times as the algorithm needs.
///
/// ```swift
/// let minimal = try DeltaDebugging.minimize(Array(1...8)) { $0.contains(3) && $0.contains(6) }
/// // minimal == [3, 6]
/// ```
public enum DeltaDebugging {
  /// What one minimization did, for reports.
  public struct Outcome<Element> {
    /// The 1-minimal subsequence found.
    public var minimal: [Element]
    /// Positions (in the input) of the elements kept, ascending.
    public var keptIndices: [Int]
    /// How many distinct candidates the predicate was asked about.
    public var tests: Int
  }

  /// Shrinks `input` to a 1-minimal subsequence for which `holds` is true.
  ///
  /// The caller must make sure `holds(input)` is true (it is not asked again); if it is not, the
  /// result is meaningless. The empty sequence is tested too, so a predicate true for nothing at
  /// all yields `[]`.
  ///
  /// - Throws: whatever `holds` throws (the minimization stops there).
  public static func minimize<Element>(
    _ input: [Element], holds: ([Element]) throws -> Bool
  ) rethrows -> [Element] {
    try run(input, holds: holds).minimal
  }

  /// ``minimize(_:holds:)`` with the kept positions and the number of tests.
  public static func run<Element>(
    _ input: [Element], holds: ([Element]) throws -> Bool
  ) rethrows -> Outcome<Element> {
    var cache: [[Int]: Bool] = [:]
    var tests = 0
    func test(_ indices: [Int]) throws -> Bool {
      if let known = cache[indices] { return known }
      tests += 1
      let result = try holds(indices.map { input[$0] })
      cache[indices] = result
      return result
    }
    var current = Array(input.indices)
    cache[current] = true
    var granularity = 2
    while current.count >= 2 {
      let chunks = split(current, into: granularity)
      var reduced = false
      // Reduce to a subset: one chunk alone still shows the failure.
      for chunk in chunks where try test(chunk) {
        current = chunk
        granularity = 2
        reduced = true
        break
      }
      // Reduce to a complement: the failure survives removing one chunk. (With two chunks the
      // complements are the subsets, already tested.)
      if !reduced, granularity > 2 {
        for index in chunks.indices {
          let complement = chunks.enumerated().filter { $0.offset != index }.flatMap(\.element)
          if try test(complement) {
            current = complement
            granularity = max(granularity - 1, 2)
            reduced = true
            break
          }
        }
      }
      if !reduced {
        guard granularity < current.count else { break }
        granularity = min(granularity * 2, current.count)
      }
    }
    if current.count == 1, try test([]) { current = [] }
    return Outcome(minimal: current.map { input[$0] }, keptIndices: current, tests: tests)
  }

  /// `items` cut into `count` contiguous chunks whose sizes differ by at most one.
  static func split(_ items: [Int], into count: Int) -> [[Int]] {
    var chunks: [[Int]] = []
    var start = 0
    for index in 0..<count {
      let end = start + (items.count - start) / (count - index)
      chunks.append(Array(items[start..<end]))
      start = end
    }
    return chunks
  }
}
