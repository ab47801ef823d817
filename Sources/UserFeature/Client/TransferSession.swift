import Foundation
import Signals

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The one `URLSession` a ``LiveUserClient`` runs every request in, for the client's lifetime,
/// so connections are reused. Internal.
///
/// Its delegate routes each task's callbacks to that request's ``BoundedTransfer``, found by
/// task identifier; a task that is not (or no longer) registered is ignored, so bytes arriving
/// after a request ended are dropped. The session is invalidated when this object is released,
/// after its running tasks finish.
final class TransferSession: Sendable {
  private let router = TransferRouter()
  private let session: URLSession

  /// A session made from a copy of `configuration`.
  init(configuration: URLSessionConfiguration) {
    session = URLSession(configuration: configuration, delegate: router, delegateQueue: nil)
  }

  deinit {
    session.finishTasksAndInvalidate()
  }

  /// A data task for `request` whose callbacks go to `transfer` until it completes. Not
  /// started: ``BoundedTransfer/start(_:reportingTo:)`` resumes it.
  func dataTask(for request: URLRequest, reportingTo transfer: BoundedTransfer) -> URLSessionTask {
    let task = session.dataTask(with: request)
    router.register(transfer, for: task)
    return task
  }
}

/// The session delegate of a ``TransferSession``: passes each callback to the transfer
/// registered for its task, outside the lock. Internal.
private final class TransferRouter: NSObject, URLSessionDataDelegate, Sendable {
  private let transfers = Locked<[Int: BoundedTransfer]>([:])

  func register(_ transfer: BoundedTransfer, for task: URLSessionTask) {
    transfers.withLock { $0[task.taskIdentifier] = transfer }
  }

  private func transfer(for task: URLSessionTask) -> BoundedTransfer? {
    transfers.withLock { $0[task.taskIdentifier] }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    guard let transfer = transfer(for: dataTask) else {
      completionHandler(.cancel)
      return
    }
    transfer.didReceive(response, for: dataTask, completionHandler: completionHandler)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    transfer(for: dataTask)?.didReceive(data)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    let transfer = transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    transfer?.didComplete(task, error: error)
  }
}
