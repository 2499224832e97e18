import Foundation
import Hummingbird
import Sharp9App
import Sharp9Domain
import Sharp9Store

/// The practice page's MIDI bindings (`sharp9 app`), kept in the database (``MIDIBinding``):
/// - `GET /api/app/midi-bindings`: every binding, `[{"kind","channel","number","key"}]`;
/// - `POST /api/app/midi-bindings`: `{"kind":"note","channel":1,"number":64,"key":"l"}` binds the
///   message (learning it again replaces what it was bound to);
/// - `DELETE /api/app/midi-bindings/KIND/CHANNEL/NUMBER`: removes one.
///
/// The page reads the MIDI messages (Web MIDI) and sends a press as `{"midi": MESSAGE}` to
/// `POST /api/app/input`; the server looks the binding up and sends its key, so a pedal does
/// exactly what the key does and the page decides nothing.
extension InspectorServer {
  func addMIDIBindingRoutes(to router: Router<some RequestContext>) {
    let library = library
    router.get("/api/app/midi-bindings") { _, _ in
      let bindings = try await library.withStore("MIDI bindings") { try $0.midiBindings() }
      return try APIResponse.json(bindings.map(MIDIBindingBody.init))
    }
    router.post("/api/app/midi-bindings") { request, _ in
      var request = request
      try Self.requireJSON(request)
      let body = try await request.collectBody(upTo: Self.maxInputBytes)
      let binding = try MIDIBindingBody.checked(Data(body.readableBytesView))
      try await library.withStore("MIDI bindings") { try $0.bindMIDI(binding, at: Date()) }
      return try APIResponse.json(MIDIBindingBody(binding), status: .created)
    }
    router.delete("/api/app/midi-bindings/:kind/:channel/:number") { _, context in
      let message = try MIDIMessageBody(
        kind: context.parameters.get("kind") ?? "",
        channel: Int(
          try UntrustedNumber.parse(
            context.parameters.get("channel") ?? "", name: "the channel",
            in: Int64(MIDIBinding.channels.lowerBound)...Int64(MIDIBinding.channels.upperBound))),
        number: Int(
          try UntrustedNumber.parse(
            context.parameters.get("number") ?? "", name: "the number",
            in: Int64(MIDIBinding.numbers.lowerBound)...Int64(MIDIBinding.numbers.upperBound)))
      ).checked()
      let removed = try await library.withStore("MIDI bindings") {
        try $0.unbindMIDI(kind: message.kind, channel: message.channel, number: message.number)
      }
      guard removed else {
        throw APIFailure(.notFound, "that MIDI message is not bound; nothing to delete")
      }
      return APIResponse.json("{}")
    }
  }

  /// The key bound to `message`, or nil when it is bound to none.
  func boundKey(_ message: MIDIMessageBody.Checked) async throws -> PlayerKey? {
    let name = try await library.withStore("MIDI bindings") {
      try $0.midiBinding(kind: message.kind, channel: message.channel, number: message.number)
    }
    return name.flatMap(PlayerKey.named)
  }
}

/// A MIDI message as the page sends it: `{"kind","channel","number"}`.
struct MIDIMessageBody: Decodable {
  var kind: String
  var channel: Int
  var number: Int

  /// The fields a message has (one more is refused).
  static let fields: Set<String> = ["kind", "channel", "number"]

  /// The message, its kind known and its numbers in range.
  struct Checked {
    var kind: MIDIBinding.Kind
    var channel: Int
    var number: Int
  }

  /// The message checked; a 400 with a sentence otherwise.
  func checked() throws -> Checked {
    guard let kind = MIDIBinding.Kind(rawValue: kind) else {
      throw APIFailure(
        .badRequest, "a MIDI message's kind is note, controlChange or programChange")
    }
    guard MIDIBinding.channels.contains(channel) else {
      throw APIFailure(.badRequest, "a MIDI channel is 1 to 16, not \(channel)")
    }
    guard MIDIBinding.numbers.contains(number) else {
      throw APIFailure(
        .badRequest, "a note, controller or program number is 0 to 127, not \(number)")
    }
    return Checked(kind: kind, channel: channel, number: number)
  }
}

/// A binding as the API shows and takes it.
struct MIDIBindingBody: Codable {
  var kind: String
  var channel: Int
  var number: Int
  var key: String

  init(_ binding: MIDIBinding) {
    kind = binding.kind.rawValue
    channel = binding.channel
    number = binding.number
    key = binding.key
  }

  /// The binding `data` asks for, checked: a message in range, a key of the player's that sends
  /// an action, no field it does not take. A 400 with a sentence otherwise; nothing is stored.
  static func checked(_ data: Data) throws -> MIDIBinding {
    let shape = "a binding is {\"kind\": …, \"channel\": 1-16, \"number\": 0-127, \"key\": KEY}"
    guard let body = try? Interchange.decoder().decode(Self.self, from: data),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { throw APIFailure(.badRequest, shape) }
    guard Set(object.keys).isSubset(of: MIDIMessageBody.fields.union(["key"])) else {
      throw APIFailure(.badRequest, "a binding has a field it does not take; \(shape)")
    }
    let message = try MIDIMessageBody(kind: body.kind, channel: body.channel, number: body.number)
      .checked()
    guard PlayerBindings.bindableKeys.contains(body.key) else {
      throw APIFailure(
        .badRequest,
        "a MIDI message can be bound to a key of the shortcuts that does something, not that one")
    }
    return MIDIBinding(
      kind: message.kind, channel: message.channel, number: message.number, key: body.key)
  }
}
