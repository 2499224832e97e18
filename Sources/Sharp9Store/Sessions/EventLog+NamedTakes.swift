import Sharp9Domain

extension EventLog {
  /// The SHA-256 of every take a session of the log names in a `takeRecorded` event. A take
  /// deleted later is still named: its session's log keeps the recording, and a state before
  /// the deletion (a replay, a render of that stretch) hears it. So a take's audio may go only
  /// when no session names it (``Sharp9App/TakeLibrary/removeTakes(notNamedBy:now:)``).
  ///
  /// Reads every session's events: for deleting, not for every screen.
  public func namedTakes() throws -> Set<String> {
    var named: Set<String> = []
    for session in try sessions() {
      let events = try events(of: session, after: 0, through: nil)
      while let event = try events.next() {
        if case .takeRecorded(let take) = event.action { named.insert(take.sha256) }
      }
    }
    return named
  }
}
