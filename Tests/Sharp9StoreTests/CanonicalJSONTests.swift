import Foundation
import Testing

@testable import Sharp9Domain
@testable import Sharp9Store

/// sharp9's own JSON writer must produce exactly the bytes the Foundation `JSONEncoder` path
/// produced before it (sorted keys, `/` unescaped, interchange dates), so every state hash
/// recorded by an earlier version still verifies. That old path lives on only here, as the oracle.
@Suite struct CanonicalJSONTests {
  let codec = StateCodec()

  /// Every state of seeded random sessions (undo and redo mixed in, so histories fill up), with
  /// its texts replaced by random strings of quotes, backslashes, slashes, every control
  /// character, DEL and non-ASCII text.
  @Test(arguments: [UInt64(5), 6, 7])
  func canonicalBytesEqualTheOldEncoderOnRandomStates(seed: UInt64) throws {
    var random = SplitMix64(seed: seed &* 31)
    for (index, plain) in RandomStates.states(count: 600, seed: seed).enumerated() {
      let state = Self.withRandomTexts(plain, using: &random)
      let canonical = try codec.canonicalJSON(state)
      #expect(canonical == (try Self.oldCanonicalEncoder.encode(state)), "state \(index + 1)")
      #expect(try Interchange.encoder().encode(state) == canonical, "state \(index + 1)")
      // The other two forms on alternate states (the encoders are slow in debug builds).
      if index.isMultiple(of: 2) {
        #expect(try codec.losslessJSON(state) == (try Self.oldLosslessEncoder.encode(state)))
      } else {
        #expect(try codec.interchangeJSON(state) == (try Interchange.string(state)))
      }
    }
  }

  /// Numbers `description` writes unusually (negative zero, exponents, integral values), quotes
  /// and backslashes in strings.
  @Test func canonicalBytesEqualTheOldEncoderOnEdgeValues() throws {
    let state = RandomStates.edgeValues(label: "Set \"A\" \\ /", name: "a \"b\" \\c/d.wav")
    #expect(try codec.canonicalJSON(state) == (try Self.oldCanonicalEncoder.encode(state)))
    #expect(try codec.losslessJSON(state) == (try Self.oldLosslessEncoder.encode(state)))
    #expect(try codec.interchangeJSON(state) == (try Interchange.string(state)))
    #expect(try codec.canonicalJSON(State()) == (try Self.oldCanonicalEncoder.encode(State())))
  }

  /// Scalars outside a state: floats keep their own shortest text, as `JSONEncoder` wrote the
  /// peaks.
  @Test func scalarsEqualTheOldEncoder() throws {
    let numbers: [Double] = [
      0, -0.0, 1, 100, 0.1, 0.1 + 0.2, 1e-7, 1e21, .leastNonzeroMagnitude, -3.5, 1e16,
    ]
    let floats: [Float] = [0.1, -0.25, 1e-7, 3.4e38, 1]
    #expect(
      try Interchange.encoder().encode(numbers) == (try Self.oldCanonicalEncoder.encode(numbers)))
    #expect(
      try Interchange.encoder().encode(floats) == (try Self.oldCanonicalEncoder.encode(floats)))
    let keys = ["b": 1, "a": 2, "B": 3, "é": 4, "aa": 5, "a/b": 6]
    #expect(try Interchange.encoder().encode(keys) == (try Self.oldCanonicalEncoder.encode(keys)))
  }

  /// A non-finite number is refused in every form: no fallback writes it.
  @Test func nonFiniteNumbersAreRefused() {
    let infinite = State(viewport: Viewport(startSec: 0, endSec: .infinity))
    #expect(throws: EncodingError.self) { try codec.hash(infinite) }
    #expect(throws: EncodingError.self) { try codec.interchangeJSON(infinite) }
    #expect(throws: EncodingError.self) { try Interchange.encoder().encode(infinite) }
  }

  /// The key lists: declaration order as the models encode, sorted by UTF-8 bytes.
  @Test func keyOrders() {
    #expect(StateKey.declared.first == .track && StateKey.declared.last == .recording)
    #expect(StateKey.declared.first == .track && StateKey.declared.last == .recording)
    #expect(StateKey.sorted.map(\.rawValue) == StateKey.allCases.map(\.rawValue).sorted())
    #expect(TransportKey.sorted == [.currentTimeSec, .isPlaying, .pitchSemitones, .speed])
  }

  // MARK: - The oracle: the Foundation path the first hashes were computed with

  /// What `Interchange.encoder()` was before sharp9 wrote its own JSON.
  static var oldCanonicalEncoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(Interchange.formatDate(date))
    }
    encoder.nonConformingFloatEncodingStrategy = .throw
    return encoder
  }

  /// The JSON snapshot writer before the binary snapshot.
  static var oldLosslessEncoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .deferredToDate
    encoder.nonConformingFloatEncodingStrategy = .throw
    return encoder
  }

  // MARK: - Random texts

  private static let alphabet: [Unicode.Scalar] =
    Array("aZ09 ./\\\"'{}:,é♪𝄞\u{7F}\u{2028}\u{FEFF}".unicodeScalars)
    + (0..<0x20).compactMap(Unicode.Scalar.init)

  private static func text(using random: inout SplitMix64) -> String {
    var scalars = String.UnicodeScalarView()
    for _ in 0..<Int.random(in: 0...12, using: &random) {
      scalars.append(alphabet[Int.random(in: 0..<alphabet.count, using: &random)])
    }
    return String(scalars)
  }

  private static func withRandomTexts(_ state: State, using random: inout SplitMix64) -> State {
    var state = state
    state.track?.name = text(using: &random)
    state.toast?.message = text(using: &random)
    for index in state.history.undo.indices {
      state.history.undo[index].label = text(using: &random)
    }
    for index in state.history.redo.indices {
      state.history.redo[index].label = text(using: &random)
    }
    return state
  }
}
