import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `URLError`s for tests, without importing FoundationNetworking in every file.
enum URLErrorFactory {
  static let timedOut = URLError(.timedOut)
  static let notConnected = URLError(.notConnectedToInternet)
}
