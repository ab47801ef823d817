/// Why a ``LiveUserClient`` could not be made from what it was given. Thrown by its
/// initializers, never by a request.
public enum UserClientSetupError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The injected `URLSession` has a delegate. The client cannot honour it: it runs every
  /// request in one session of its own, whose delegate is the client's (only a delegate sees a
  /// body while it arrives, which the body limit needs), so the injected delegate would never be
  /// called. `delegateType` names the delegate's type. Pass the session's configuration instead
  /// (`LiveUserClient(baseURL:configuration:)`), and put what the delegate did into the
  /// configuration (headers, cookies, caching, protocol classes).
  case sessionHasDelegate(delegateType: String)

  /// A sentence saying what was refused and what to do instead.
  public var description: String {
    switch self {
    case .sessionHasDelegate(let delegateType):
      return "LiveUserClient cannot use a URLSession whose delegate is set (\(delegateType)): "
        + "it runs requests in a session of its own with its own delegate, so that delegate "
        + "would never be called. Pass the session's configuration instead."
    }
  }
}
