import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The delegate of the one-task session a ``BoundedTransfer`` runs in: hands each callback of
/// that task to the transfer. Internal.
///
/// The session holds its delegate until it is invalidated, which happens when its one task
/// completes (``BoundedTransfer`` calls `finishTasksAndInvalidate()` as soon as the task
/// exists), so nothing outlives the request.
final class TransferDelegate: NSObject, URLSessionDataDelegate, Sendable {
  private let transfer: BoundedTransfer

  init(_ transfer: BoundedTransfer) {
    self.transfer = transfer
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    transfer.didReceive(response, completionHandler: completionHandler)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    transfer.didReceive(data)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    transfer.didComplete(task, error: error)
  }
}
