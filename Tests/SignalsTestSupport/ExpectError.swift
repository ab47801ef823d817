import Testing

/// Expects `body` to throw an error whose description is `description`, word for word: how the
/// tests check the message a wait that gave up leaves for the reader of a failed test. A
/// different message is reported with both texts; no error at all, as such.
package func expectError(
  describedAs description: String,
  isolation: isolated (any Actor)? = #isolation,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () async throws -> Void
) async {
  do {
    try await body()
    Issue.record(
      "no error thrown; expected one described as \"\(description)\"",
      sourceLocation: sourceLocation)
  } catch {
    #expect(String(describing: error) == description, sourceLocation: sourceLocation)
  }
}
