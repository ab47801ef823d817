import Testing

/// Expects `body` to record one issue whose comment is `description`, word for word, located in
/// the calling file (at the line of the wait inside `body`, not in the library): how the tests
/// check the message a wait that failed leaves for the reader of a failed test. A different
/// message is reported as an issue of its own; none at all, as a known issue not recorded.
package func expectIssue(
  describedAs description: String,
  isolation: isolated (any Actor)? = #isolation,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () async -> Void
) async {
  await withKnownIssue(isolation: isolation, sourceLocation: sourceLocation) {
    await body()
  } matching: { issue in
    issue.comments.map(\.rawValue) == [description]
      && issue.sourceLocation?.fileID == sourceLocation.fileID
  }
}
