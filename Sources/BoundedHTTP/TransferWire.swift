import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What a `ChildProcessHTTPClient` tells its worker: one request and its limits, as JSON on the
/// worker's standard input (not its command line, which other users of the machine can read).
/// Internal.
struct WireRequest: Codable, Equatable {
  let url: String
  let method: String
  let headers: [String: String]
  let timeoutMilliseconds: Int64
  let maximumBodySize: Int
  /// The process that started the worker: a worker whose parent is another has lost its own.
  let parent: Int32

  /// `request` with the client's limits; throws `URLError(.badURL)` for a request without a URL
  /// and `URLError(.dataLengthExceedsMaximum)` for one with a body (a worker sends none).
  init(_ request: URLRequest, timeout: Duration, maximumBodySize: Int) throws {
    guard let url = request.url else { throw URLError(.badURL) }
    guard request.httpBody == nil, request.httpBodyStream == nil else {
      throw URLError(.dataLengthExceedsMaximum)
    }
    self.url = url.absoluteString
    method = request.httpMethod ?? "GET"
    headers = request.allHTTPHeaderFields ?? [:]
    let (seconds, attoseconds) = timeout.components
    // Rounded up, so that a timeout under a millisecond is one, not zero.
    let (milliseconds, rest) = attoseconds.quotientAndRemainder(dividingBy: 1_000_000_000_000_000)
    timeoutMilliseconds = seconds * 1000 + milliseconds + (rest > 0 ? 1 : 0)
    self.maximumBodySize = maximumBodySize
    parent = ProcessInfo.processInfo.processIdentifier
  }

  /// The request the worker sends, or `nil` if `url` is not a URL.
  var urlRequest: URLRequest? {
    guard let url = URL(string: url) else { return nil }
    var request = URLRequest(url: url)
    request.httpMethod = method
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    return request
  }
}

/// Why a worker's transfer failed, as the error ``BoundedHTTPClient`` threw, in a form that
/// crosses a process boundary. Internal.
enum WireFailure: Codable, Equatable {
  case urlError(code: Int)
  case bodyTooLarge(limit: Int)
  case connectionLost(code: Int)
  case noResponse

  init(_ error: any Error) {
    switch error {
    case BoundedHTTPError.bodyTooLarge(let limit): self = .bodyTooLarge(limit: limit)
    case BoundedHTTPError.connectionLost(let error):
      self = .connectionLost(code: error.code.rawValue)
    case BoundedHTTPError.noResponse: self = .noResponse
    case let error as URLError: self = .urlError(code: error.code.rawValue)
    default: self = .urlError(code: URLError.Code.unknown.rawValue)
    }
  }

  /// The error the worker's client threw, rebuilt.
  var error: any Error {
    switch self {
    case .urlError(let code): URLError(Self.code(code))
    case .bodyTooLarge(let limit): BoundedHTTPError.bodyTooLarge(limit: limit)
    case .connectionLost(let code): BoundedHTTPError.connectionLost(URLError(Self.code(code)))
    case .noResponse: BoundedHTTPError.noResponse
    }
  }

  /// The `URLError` code `rawValue` names (`.unknown` for none).
  private static func code(_ rawValue: Int) -> URLError.Code {
    // Failable on Linux, not on Darwin: the annotation makes both an optional.
    let code: URLError.Code? = URLError.Code(rawValue: rawValue)
    return code ?? .unknown
  }
}

/// A worker's answer: on its standard output, this head as one line of JSON, then `bodyLength`
/// bytes of body. A head with a `failure` has no body. Internal.
struct WireAnswerHead: Codable, Equatable {
  var status: Int?
  var headers: [String: String]?
  var url: String?
  var bodyLength: Int?
  var failure: WireFailure?

  /// The head of a response whose body is `bodyLength` bytes.
  init(_ response: URLResponse, bodyLength: Int) {
    let http = response as? HTTPURLResponse
    status = http?.statusCode
    headers = http.map { response in
      Dictionary(
        response.allHeaderFields.map { (String(describing: $0.key), String(describing: $0.value)) },
        uniquingKeysWith: { first, _ in first })
    }
    url = response.url?.absoluteString
    self.bodyLength = bodyLength
  }

  /// The head of a failed transfer.
  init(failure: WireFailure) {
    self.failure = failure
  }

  /// The head line and the body, as the worker writes them.
  func framed(with body: Data = Data()) throws -> Data {
    try JSONEncoder().encode(self) + Data("\n".utf8) + body
  }

  /// How many bytes the answer that `output` starts with has (its head line, then its body);
  /// `nil` until the head line is complete. A head that cannot be read is an answer of its own
  /// length (``answer(in:)`` then finds no answer in it).
  static func length(of output: Data) -> Int? {
    guard let newline = output.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
    let headLength = newline - output.startIndex + 1
    let head = try? JSONDecoder().decode(Self.self, from: output[..<newline])
    let (sum, overflows) = headLength.addingReportingOverflow(head?.bodyLength ?? 0)
    return overflows || (head?.bodyLength ?? 0) < 0 ? headLength : sum
  }

  /// The body and the response in `output` (a worker's whole standard output), or the error it
  /// reported; `nil` if `output` is not a worker's answer (cut short, or not framed).
  static func answer(in output: Data) -> Result<(Data, URLResponse), any Error>? {
    guard let newline = output.firstIndex(of: UInt8(ascii: "\n")),
      let head = try? JSONDecoder().decode(Self.self, from: output[..<newline])
    else { return nil }
    if let failure = head.failure { return .failure(failure.error) }
    let body = Data(output[output.index(after: newline)...])
    guard let bodyLength = head.bodyLength, body.count == bodyLength,
      let url = head.url.flatMap(URL.init(string:))
    else { return nil }
    guard let status = head.status,
      let response = HTTPURLResponse(
        url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: head.headers)
    else {
      return .success(
        (
          body,
          URLResponse(
            url: url, mimeType: nil, expectedContentLength: body.count, textEncodingName: nil)
        ))
    }
    return .success((body, response))
  }
}
