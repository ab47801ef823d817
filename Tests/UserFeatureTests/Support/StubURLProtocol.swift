import Foundation
import Signals

@testable import UserFeature

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What a stubbed host does with every request it receives.
enum StubBehavior: Sendable {
  /// Answers with `status`, `headers` and `body`.
  case respond(status: Int, headers: [String: String], body: Data)
  /// Fails with `error`, as the loading system would.
  case fail(URLError)
  /// Never answers, until the request is cancelled (or times out).
  case hang
}

/// Stubs registered per host. Each test uses its own unique host, so tests running in parallel
/// never see each other's stubs or requests.
enum StubRegistry {
  private struct Host {
    var behavior: StubBehavior
    var requests: [URLRequest] = []
    var stopped = 0
    var started: AsyncStream<Void>.Continuation
    var stops: (stream: AsyncStream<Void>, continuation: AsyncStream<Void>.Continuation)
  }

  private static let hosts = Locked<[String: Host]>([:])

  /// Registers `behavior` for a new unique host and returns the host plus a stream that yields
  /// once for every request that reaches the stub.
  static func register(_ behavior: StubBehavior) -> (host: String, started: AsyncStream<Void>) {
    let host = "stub-\(UUID().uuidString.lowercased()).test"
    let (stream, continuation) = AsyncStream<Void>.makeStream()
    let stops = AsyncStream<Void>.makeStream()
    hosts.withLock {
      $0[host] = Host(behavior: behavior, started: continuation, stops: stops)
    }
    return (host, stream)
  }

  /// Removes the host's stub.
  static func unregister(_ host: String) {
    let removed = hosts.withLock { $0.removeValue(forKey: host) }
    removed?.started.finish()
    removed?.stops.continuation.finish()
  }

  /// A stream that yields once for every load of the host that is stopped (cancelled or
  /// finished by the system), from when the host was registered.
  static func stops(for host: String) -> AsyncStream<Void> {
    hosts.withLock { $0[host]?.stops.stream } ?? AsyncStream { $0.finish() }
  }

  /// The requests the host received, in order.
  static func requests(for host: String) -> [URLRequest] {
    hosts.withLock { $0[host]?.requests ?? [] }
  }

  /// How many of the host's loads were stopped (cancelled or finished by the system).
  static func stoppedCount(for host: String) -> Int {
    hosts.withLock { $0[host]?.stopped ?? 0 }
  }

  static func isStubbed(_ host: String?) -> Bool {
    guard let host else { return false }
    return hosts.withLock { $0[host] != nil }
  }

  static func begin(_ request: URLRequest) -> StubBehavior? {
    guard let host = request.url?.host else { return nil }
    let (behavior, started) = hosts.withLock {
      hosts -> (StubBehavior?, AsyncStream<Void>.Continuation?) in
      hosts[host]?.requests.append(request)
      return (hosts[host]?.behavior, hosts[host]?.started)
    }
    started?.yield()
    return behavior
  }

  static func stop(_ request: URLRequest) {
    guard let host = request.url?.host else { return }
    let stops = hosts.withLock { hosts -> AsyncStream<Void>.Continuation? in
      hosts[host]?.stopped += 1
      return hosts[host]?.stops.continuation
    }
    stops?.yield()
  }

  /// A session whose requests to stubbed hosts go to ``StubURLProtocol``.
  static func makeSession() -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [StubURLProtocol.self]
    return URLSession(configuration: configuration)
  }
}

/// Serves requests from ``StubRegistry`` instead of the network.
final class StubURLProtocol: URLProtocol {
  override class func canInit(with request: URLRequest) -> Bool {
    StubRegistry.isStubbed(request.url?.host)
  }

  override class func canonicalRequest(for request: URLRequest) -> URLRequest {
    request
  }

  override func startLoading() {
    guard let behavior = StubRegistry.begin(request), let url = request.url else {
      client?.urlProtocol(self, didFailWithError: URLError(.unsupportedURL))
      return
    }
    switch behavior {
    case .respond(let status, let headers, let body):
      guard
        let response = HTTPURLResponse(
          url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
      else {
        client?.urlProtocol(self, didFailWithError: URLError(.badServerResponse))
        return
      }
      client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
      if !body.isEmpty {
        client?.urlProtocol(self, didLoad: body)
      }
      client?.urlProtocolDidFinishLoading(self)
    case .fail(let error):
      client?.urlProtocol(self, didFailWithError: error)
    case .hang:
      break
    }
  }

  override func stopLoading() {
    StubRegistry.stop(request)
  }
}
