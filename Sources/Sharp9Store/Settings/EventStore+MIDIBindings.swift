import Foundation

/// The practice app's MIDI bindings (``MIDIBinding``), in `midi_bindings`: SQLite only, as
/// `sharp9 app` is (it refuses PostgreSQL), so they are not part of the ``EventLog`` protocol.
extension EventStore {
  /// Every binding, by kind, channel and number.
  public func midiBindings() throws -> [MIDIBinding] {
    let select = try database.cached(
      "SELECT kind, channel, number, key FROM midi_bindings ORDER BY kind, channel, number")
    var bindings: [MIDIBinding] = []
    while try select.step() {
      // The table's checks keep the kind one of three; a row that is not is skipped, never
      // sent.
      guard let kind = select.text(0).flatMap(MIDIBinding.Kind.init(rawValue:)) else { continue }
      bindings.append(
        MIDIBinding(
          kind: kind, channel: Int(select.int64(1)), number: Int(select.int64(2)),
          key: select.text(3) ?? ""))
    }
    return bindings
  }

  /// The key bound to the message, or nil.
  public func midiBinding(kind: MIDIBinding.Kind, channel: Int, number: Int) throws -> String? {
    let select = try database.cached(
      "SELECT key FROM midi_bindings WHERE kind = ? AND channel = ? AND number = ?")
    try select.bind(kind.rawValue, at: 1)
    try select.bind(Int64(channel), at: 2)
    try select.bind(Int64(number), at: 3)
    return try select.firstRow { $0.text(0) } ?? nil
  }

  /// Binds the message to its key, replacing what it was bound to; durable before it returns.
  /// - Throws: ``SQLiteError`` (a constraint) when a number is out of range: nothing stored.
  public func bindMIDI(_ binding: MIDIBinding, at date: Date) throws {
    let upsert = try database.cached(
      """
      INSERT INTO midi_bindings (kind, channel, number, key, bound_ms) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (kind, channel, number) DO UPDATE SET key = excluded.key,
        bound_ms = excluded.bound_ms
      """)
    try upsert.bind(binding.kind.rawValue, at: 1)
    try upsert.bind(Int64(binding.channel), at: 2)
    try upsert.bind(Int64(binding.number), at: 3)
    try upsert.bind(binding.key, at: 4)
    try upsert.bind(UnixMilliseconds(date).value, at: 5)
    try upsert.run()
  }

  /// Removes the message's binding; returns whether there was one.
  @discardableResult
  public func unbindMIDI(kind: MIDIBinding.Kind, channel: Int, number: Int) throws -> Bool {
    let delete = try database.cached(
      "DELETE FROM midi_bindings WHERE kind = ? AND channel = ? AND number = ?")
    try delete.bind(kind.rawValue, at: 1)
    try delete.bind(Int64(channel), at: 2)
    try delete.bind(Int64(number), at: 3)
    try delete.run()
    return database.changes > 0
  }
}
