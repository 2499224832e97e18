import Foundation

/// Listening back: which take is heard with the song, and the balance between them.
///
/// None of these is an undoable edit (what is heard is not part of the work, like the transport),
/// and none needs the song to be playing: the choice holds for whatever plays next. Takes belong
/// to the track, so with no track loaded they do nothing. Every change sends the whole take mix
/// (``Effect/engineSetTakeMix(take:balance:)``), so the engine never combines partial choices.
extension Reducer {
  static func listenToTake(_ id: UUID, _ state: inout State, _ context: ActionContext)
    -> [Effect]
  {
    guard state.track != nil else { return [] }
    guard let index = state.recording.takes.firstIndex(where: { $0.id == id }) else {
      showToast("No take with that id", in: &state, context)
      return []
    }
    guard state.recording.listening.takeID != id else { return [] }
    state.recording.listening.takeID = id
    let pass = state.recording.takes[index].recording.pass.map { " (pass \($0))" } ?? ""
    showToast(
      "Listening to take \(index + 1) of \(state.recording.takes.count)\(pass)", in: &state,
      context)
    return [takeMixEffect(state)]
  }

  static func listenToSong(_ state: inout State, _ context: ActionContext) -> [Effect] {
    guard state.track != nil, state.recording.listening.takeID != nil else { return [] }
    state.recording.listening.takeID = nil
    showToast("Listening to the song", in: &state, context)
    return [takeMixEffect(state)]
  }

  /// Keeps the balance within ``TakeListening/balanceRange``; a number that is not finite
  /// changes nothing.
  static func setTakeBalance(_ balance: Double, _ state: inout State, _ context: ActionContext)
    -> [Effect]
  {
    guard state.track != nil, balance.isFinite else { return [] }
    let range = TakeListening.balanceRange
    let kept = min(max(balance, range.lowerBound), range.upperBound)
    guard kept != state.recording.listening.balance else { return [] }
    state.recording.listening.balance = kept
    showToast("Balance: \(TakeListening.levelsText(balance: kept))", in: &state, context)
    return [takeMixEffect(state)]
  }

  /// The effect that tells the engine what to hear: the heard take's recording and the balance.
  static func takeMixEffect(_ state: State) -> Effect {
    .engineSetTakeMix(
      take: state.recording.heardTake?.recording, balance: state.recording.listening.balance)
  }
}
