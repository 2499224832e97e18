import HTTPTypes

/// The header names the inspector reads and writes beyond HTTPTypes' own.
extension HTTPField.Name {
  /// `Host` (HTTP/1's authority; HTTPTypes normally moves it into the request's authority).
  static let host = known("Host")
  /// The header carrying the per-run token.
  static let sharp9Token = known("X-Sharp9-Token")
  /// Content-Security-Policy: the pages load nothing from outside.
  static let contentSecurityPolicy = known("Content-Security-Policy")
  /// Where a browser says a request comes from (`same-origin`, `same-site`, `cross-site`, `none`).
  static let secFetchSite = known("Sec-Fetch-Site")
  /// Sent by a reconnecting `EventSource`.
  static let lastEventID = known("Last-Event-ID")
  /// The action kinds, in the order of the codes of `GET …/index`.
  static let sharp9Kinds = known("X-Sharp9-Kinds")
  /// Whether `GET …/index` carries the changed bits yet (`complete`) or not (`partial`).
  static let sharp9Index = known("X-Sharp9-Index")

  /// `text`, which must be a valid field name (a programmer's literal, so a bad one traps).
  private static func known(_ text: String) -> HTTPField.Name {
    guard let name = HTTPField.Name(text) else { preconditionFailure("not a field name: \(text)") }
    return name
  }
}
