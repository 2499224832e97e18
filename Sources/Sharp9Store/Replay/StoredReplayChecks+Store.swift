import Foundation
import Sharp9Domain

extension StoredReplayChecks {
  /// The store's replay checks: snapshots through ``StateCodec``, and the session stored through
  /// ``ActionCodec`` in a private event store (see `StoreRoundTrip`).
  public static var store: StoredReplayChecks {
    let codec = StateCodec()
    return StoredReplayChecks(
      snapshotRoundTrip: { try codec.state(fromSnapshot: codec.snapshot($0)) },
      openSession: { startedAt, interval, onDisk in
        try StoreRoundTrip(startedAt: startedAt, interval: interval, onDisk: onDisk)
      })
  }
}
