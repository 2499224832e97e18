import HTTPTypes
import Sharp9Store

extension HTTPResponse.Status {
  /// The one mapping from what a store failure means to the status the API answers with: the
  /// client's mistakes are 4xx, a store that cannot be used is 503, a bug is 500.
  init(_ code: StoreResultCode) {
    self =
      switch code {
      case .notFound: .notFound
      case .conflict: .conflict
      case .invalidRequest, .invalidData: .badRequest
      case .busy, .corrupt, .readOnly, .full, .ioFailure, .cannotOpen, .missing, .unavailable,
        .incompatible:
        .serviceUnavailable
      case .unsupported: .notImplemented
      case .invalidValue, .internalError: .internalServerError
      }
  }
}
