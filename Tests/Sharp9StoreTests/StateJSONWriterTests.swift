import Foundation
import Testing

@testable import Sharp9Domain
@testable import Sharp9Store

/// The fast JSON writer must produce exactly the encoders' bytes: state hashes recorded before it
/// existed must still verify (canonical form), and `sharp9 state --json` and `sharp9 record` must
/// print what they printed with `OrderedJSONEncoder` (declared form).
@Suite struct StateJSONWriterTests {
  let codec = StateCodec()

  /// Every state of seeded random sessions (with undo and redo mixed in, so histories fill up).
  @Test(arguments: [UInt64(5), 6, 7])
  func matchesTheEncodersOnRandomSessions(seed: UInt64) throws {
    for (index, state) in RandomStates.states(count: 600, seed: seed).enumerated() {
      let fast = try #require(StateJSONWriter.bytes(of: state))
      #expect(Data(fast) == (try codec.encoderCanonicalJSON(state)), "after event \(index + 1)")
      // The other two forms on alternate states (the encoders are slow in debug builds).
      if index.isMultiple(of: 2) {
        #expect(try codec.losslessJSON(state) == (try codec.encoderLosslessJSON(state)))
      } else {
        #expect(try codec.interchangeJSON(state) == (try Interchange.string(state)))
      }
    }
  }

  /// Numbers `description` writes unusually (negative zero, exponents, integral values), quotes
  /// and backslashes in strings.
  @Test func matchesTheEncodersOnEdgeValues() throws {
    let state = RandomStates.edgeValues(label: "Set \"A\" \\ /", name: "a \"b\" \\c/d.wav")
    let fast = try #require(StateJSONWriter.bytes(of: state))
    #expect(Data(fast) == (try codec.encoderCanonicalJSON(state)))
    let lossless = try #require(StateJSONWriter.bytes(of: state, dates: .referenceSeconds))
    #expect(Data(lossless) == (try codec.encoderLosslessJSON(state)))
    let declared = try #require(StateJSONWriter.bytes(of: state, order: .declared))
    #expect(String(decoding: declared, as: UTF8.self) == (try Interchange.string(state)))
    #expect(try codec.canonicalJSON(State()) == (try codec.encoderCanonicalJSON(State())))
    #expect(try codec.interchangeJSON(State()) == (try Interchange.string(State())))
  }

  /// The declared form escapes exactly as `OrderedJSONEncoder` does, every control character,
  /// DEL and non-ASCII text included, without falling back.
  @Test func declaredFormEscapesLikeTheOrderedEncoder() throws {
    let controls = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init)))
    let text = "tab\there \u{7F} Café ♪ 𝄞 \"q\" \\ /" + controls
    let state = RandomStates.edgeValues(label: text, name: text)
    let declared = try #require(StateJSONWriter.bytes(of: state, order: .declared))
    #expect(String(decoding: declared, as: UTF8.self) == (try Interchange.string(state)))
  }

  /// Strings the canonical form does not escape itself, and non-finite numbers, go to the
  /// encoders (which refuse the numbers).
  @Test func fallsBackWhereTheEncoderDecides() throws {
    let controls = State(track: TrackMeta(name: "tab\there", durationSec: 1))
    #expect(StateJSONWriter.bytes(of: controls) == nil)
    #expect(try codec.canonicalJSON(controls) == (try codec.encoderCanonicalJSON(controls)))
    let accented = State(track: TrackMeta(name: "Café.wav", durationSec: 1))
    #expect(StateJSONWriter.bytes(of: accented) == nil)
    #expect(try codec.hash(accented).count == 32)
    let infinite = State(viewport: Viewport(startSec: 0, endSec: .infinity))
    #expect(StateJSONWriter.bytes(of: infinite) == nil)
    #expect(StateJSONWriter.bytes(of: infinite, order: .declared) == nil)
    #expect(throws: (any Error).self) { try codec.hash(infinite) }
    #expect(throws: EncodingError.self) { try codec.interchangeJSON(infinite) }
  }

  /// The key lists: declaration order as the models encode, sorted as `.sortedKeys` sorts.
  @Test func keyOrders() {
    #expect(StateKey.declared.first == .track && StateKey.declared.last == .history)
    #expect(StateKey.sorted.map(\.rawValue) == StateKey.allCases.map(\.rawValue).sorted())
    #expect(TransportKey.sorted == [.currentTimeSec, .isPlaying, .pitchSemitones, .speed])
  }
}
