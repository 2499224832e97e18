import Foundation
import Sharp9Domain
import Testing

@Suite("JSON interchange: state") struct StateJSONTests {
  static let initial =
    #"{"track":null,"transport":{"isPlaying":false,"currentTimeSec":0,"speed":1,"pitchSemitones":0},"#
    + #""loop":{"aSec":null,"bSec":null,"enabled":false},"mode":"loop","markers":[],"#
    + #""viewport":{"startSec":0,"endSec":0},"isLoading":false,"toast":null,"isLocked":false,"#
    + #""lastMarkNowAt":null}"#

  static let busy =
    #"{"track":{"name":"etude.wav","durationSec":180},"#
    + #""transport":{"isPlaying":true,"currentTimeSec":12.5,"speed":0.75,"pitchSemitones":-2},"#
    + #""loop":{"aSec":10,"bSec":20.25,"enabled":true},"mode":"marker","#
    + #""markers":[{"id":"01020304-0506-0708-090A-0B0C0D0E0F10","timeSec":3}],"#
    + #""viewport":{"startSec":0,"endSec":180},"isLoading":false,"#
    + #""toast":{"message":"Speed 0.75 x","expiresAt":"2026-11-21T19:00:02.000Z"},"#
    + #""isLocked":true,"lastMarkNowAt":"2026-11-21T19:00:00.125Z"}"#

  @Test(arguments: [initial, busy]) func stateRoundTrips(golden: String) throws {
    let state = try Interchange.decoder().decode(State.self, from: Data(golden.utf8))
    #expect(try Interchange.string(state) == golden)
  }

  @Test func theInitialStateIsWrittenWithNulls() throws {
    #expect(try Interchange.string(State()) == Self.initial)
  }

  @Test func prettyOutputIndentsByTwo() throws {
    let text = try Interchange.string(LoopPoints(aSec: 1, bSec: nil), pretty: true)
    #expect(text == "{\n  \"aSec\": 1,\n  \"bSec\": null,\n  \"enabled\": false\n}")
    #expect(try Interchange.string([Int](), pretty: true) == "[]")
  }

  @Test func canonicalOutputSortsKeys() throws {
    let text = try Interchange.string(LoopPoints(aSec: 1, bSec: nil), canonical: true)
    #expect(text == #"{"aSec":1,"bSec":null,"enabled":false}"#)
    let state = try Interchange.decoder().decode(State.self, from: Data(Self.busy.utf8))
    let canonical = try Interchange.string(state, canonical: true)
    #expect(canonical.hasPrefix(#"{"isLoading":false,"isLocked":true,"lastMarkNowAt":"#))
  }

  @Test func stringsAreEscapedAsJSONEncoderDoes() throws {
    let text = "a\"b\\c/d\n\t\u{01}é🎸"
    let ours = try Interchange.string([text])
    let theirs = String(
      decoding: try Interchange.encoder(canonical: true).encode([text]), as: UTF8.self)
    #expect(ours == theirs)
  }

  @Test func numbersAreWrittenAsJSONEncoderDoes() throws {
    let values: [Double] = [0, -0.0, 1, 100, 0.1, 0.1 + 0.2, 1e-7, 1e21, 123_456_789.125, -3.5]
    let ours = try Interchange.string(values)
    let theirs = String(decoding: try Interchange.encoder().encode(values), as: UTF8.self)
    #expect(ours == theirs)
  }
}
