import Testing

/// Starts `request` in a task, waits until the server reports (`serverLines`) that it accepted
/// the connection, cancels the task, and expects the request to throw `CancellationError`: a
/// cancelled caller is never left waiting on a server that does not answer.
func expectCancellationOnceAccepted<T: Sendable>(
  serverLines: AsyncStream<String>, sourceLocation: SourceLocation = #_sourceLocation,
  _ request: @escaping @Sendable () async throws -> T
) async {
  let task = Task { try await request() }
  var lines = serverLines.makeAsyncIterator()
  #expect(await lines.next() == "accepted", sourceLocation: sourceLocation)
  task.cancel()
  let result = await task.result
  #expect(throws: CancellationError.self, sourceLocation: sourceLocation) { try result.get() }
}
