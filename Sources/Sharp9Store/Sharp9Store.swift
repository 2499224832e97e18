/// The SQLite event log of practice sessions: migrations, recorder, replay, snapshots,
/// verification and history tools.
public enum Sharp9Store {}
