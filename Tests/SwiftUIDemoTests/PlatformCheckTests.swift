import Testing

@testable import SwiftUIDemo

/// What `swift run SwiftUIDemo` says where SwiftUI does not exist.
@Suite struct PlatformCheckTests {
  @Test func theMessageNamesWhatIsNeededAndWhatToRunInstead() {
    #expect(PlatformCheck.message.contains("needs an Apple platform"))
    #expect(PlatformCheck.message.contains("swift run Demo"))
  }

  @Test func itExitsWithExUnavailableSoAScriptLearnsNothingWasShown() {
    #expect(PlatformCheck.exitCode == 69)
  }
}
