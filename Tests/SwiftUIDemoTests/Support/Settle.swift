import Testing

/// Lets the main actor run queued work (a `for await` loop handing over an event) until
/// `condition` holds. No clock: it gives way to other jobs up to `limit` times, then records an
/// issue naming what it waited for (a hang guard, generous: a hop takes a few turns).
@MainActor
func settle(
  until condition: @MainActor () -> Bool, _ awaited: String, limit: Int = 10_000,
  sourceLocation: SourceLocation = #_sourceLocation
) async {
  for _ in 0..<limit {
    if condition() { return }
    await Task.yield()
  }
  Issue.record(
    "waited \(limit) turns of the main actor for \(awaited)", sourceLocation: sourceLocation)
}
