import Sharp9Store

extension ExitStatus {
  /// The one mapping from what a store failure means to the exit status a command ends with.
  init(_ code: StoreResultCode) {
    self =
      switch code {
      case .busy, .conflict: .temporary
      case .notFound, .missing: .noInput
      case .invalidRequest: .usage
      case .invalidData, .corrupt, .invalidValue, .incompatible: .badData
      case .readOnly, .cannotOpen: .cannotCreate
      case .full, .ioFailure: .ioError
      case .unavailable, .unsupported: .unavailable
      case .internalError: .internalError
      }
  }
}
