import DemoShared
import Testing

@testable import SwiftUIDemo

/// The latency picker can always show the latency in use, whatever `--latency` set.
@MainActor
@Suite struct LatencyChoicesTests {
  @Test func aLatencyTheFlagsAcceptIsOfferedEvenOffTheStandardList() {
    #expect(LatencyChoices.milliseconds(including: 3000) == [0, 100, 400, 1000, 3000])
    #expect(LatencyChoices.milliseconds(including: 50) == [0, 50, 100, 400, 1000])
  }

  @Test func aStandardLatencyIsOfferedOnce() {
    #expect(LatencyChoices.milliseconds(including: 400) == LatencyChoices.standard)
  }

  @Test func aValueTheFlagsRefuseIsNotOffered() {
    #expect(LatencyChoices.milliseconds(including: 60_001) == LatencyChoices.standard)
    #expect(LatencyChoices.milliseconds(including: -1) == LatencyChoices.standard)
  }

  @Test func thePickersTagsAreTheSettingsLatencyInMilliseconds() {
    let settings = DemoSettings(latency: .milliseconds(3000))
    #expect(settings.latencyInMilliseconds == 3000)
    settings.latencyInMilliseconds = 250  // the picker's selection binding
    #expect(settings.latency == .milliseconds(250))
    settings.latency = .microseconds(1500)
    #expect(settings.latencyInMilliseconds == 1, "whole milliseconds, rounded down")
  }
}
