import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension LiveUserClient {
  /// A client for the server at `baseURL` whose requests copy `session`'s configuration.
  ///
  /// Each request runs in a session of its own, whose delegate is the client's (only a delegate
  /// sees a body while it arrives, which the body limit needs). A session with a delegate is
  /// therefore refused, because that delegate would never be called; nothing is silently
  /// ignored.
  ///
  /// - Throws: ``UserClientSetupError/sessionHasDelegate(delegateType:)`` when `session` has a
  ///   delegate.
  public init(
    baseURL: URL, session: URLSession, timeout: Duration = defaultTimeout,
    maximumBodySize: Int = defaultMaximumBodySize
  ) throws(UserClientSetupError) {
    if let delegate = session.delegate {
      throw .sessionHasDelegate(delegateType: String(describing: type(of: delegate)))
    }
    self.init(
      baseURL: baseURL, configuration: session.configuration, timeout: timeout,
      maximumBodySize: maximumBodySize)
  }
}
