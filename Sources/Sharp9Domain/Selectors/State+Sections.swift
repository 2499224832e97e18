/// The song's sections as this session has them: the named markers.
extension State {
  /// The named markers as sections, in time order (markers at the same time in the order they
  /// were added); ``Action/loopSection(number:)`` numbers them from 1 in this order.
  public var sections: [SongSection] {
    markers.enumerated()
      .compactMap { offset, marker in marker.name.map { (offset, marker.timeSec, $0) } }
      .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
      .map { SongSection(name: $0.2, timeSec: $0.1) }
  }

}
