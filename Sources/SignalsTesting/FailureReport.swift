import Testing

#if canImport(XCTest)
  import XCTest
#endif

/// Where a SignalsTesting check was called from, taken from literals (`#fileID`, `#filePath`,
/// `#line`, `#column`) that the caller's default arguments fill in. Internal.
///
/// Literals, not Swift Testing's `#_sourceLocation` macro: a default argument that expands a
/// macro needs the macro's module (`import Testing`) in the *calling* file, so a helper file
/// that imports only SignalsTesting failed to compile (`no macro named '_sourceLocation'`).
struct CallSite: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt
}

/// Where a SignalsTesting check reports a failure. Internal.
enum FailureReport {
  /// A failure at `site`, reported to the framework running the current test: a Swift Testing
  /// issue inside a Swift Testing test (`Test.current` is set), otherwise an XCTest failure
  /// (`XCTFail`), which fails the running `XCTestCase`. Outside both (no test running), neither
  /// framework records anything.
  static func record(_ message: String, at site: CallSite) {
    #if canImport(XCTest)
      if Test.current == nil {
        XCTFail(message, file: site.filePath, line: site.line)
        return
      }
    #endif
    Issue.record(
      Comment(rawValue: message),
      sourceLocation: SourceLocation(
        fileID: "\(site.fileID)", filePath: "\(site.filePath)", line: Int(site.line),
        column: Int(site.column)))
  }
}
