import Foundation
import Testing

@testable import ConsoleKit

@Suite struct FlagParserTests {
  @Test func defaultsToTheOfflineClientWithVisibleLatency() throws {
    #expect(
      try FlagParser.parse([])
        == .run(LaunchOptions(source: .offline(latency: .milliseconds(400), failureRate: 0))))
  }

  @Test func readsEveryFlagInBothSpellings() throws {
    #expect(
      try FlagParser.parse(["--latency", "0", "--fail-rate=0.25"])
        == .run(LaunchOptions(source: .offline(latency: .zero, failureRate: 0.25))))
    let endpoint = try #require(URL(string: "https://example.com/api"))
    #expect(
      try FlagParser.parse(["--endpoint=https://example.com/api"])
        == .run(LaunchOptions(source: .live(endpoint: endpoint))))
    #expect(
      try FlagParser.parse(["--trace", "--latency=0"])
        == .run(LaunchOptions(source: .offline(latency: .zero, failureRate: 0), trace: true)))
    #expect(
      try FlagParser.parse(["--endpoint=https://example.com/api", "--trace"])
        == .run(LaunchOptions(source: .live(endpoint: endpoint), trace: true)))
    #expect(
      try FlagParser.parse(["--endpoint", "https://example.com/api", "--timeout", "600"])
        == .run(LaunchOptions(source: .live(endpoint: endpoint, timeout: .seconds(600)))))
    #expect(
      try FlagParser.parse(["--timeout=1", "--endpoint=https://example.com/api"])
        == .run(LaunchOptions(source: .live(endpoint: endpoint, timeout: .seconds(1)))))
    #expect(
      try FlagParser.parse(["--latency", "1", "--latency", "2"])
        == .run(LaunchOptions(source: .offline(latency: .milliseconds(2), failureRate: 0))))
  }

  @Test func aLiveServerWithoutTimeoutGetsTheDefaultTenSeconds() throws {
    let endpoint = try #require(URL(string: "http://127.0.0.1:8080"))
    #expect(
      try FlagParser.parse(["--endpoint", "http://127.0.0.1:8080"])
        == .run(LaunchOptions(source: .live(endpoint: endpoint, timeout: .seconds(10)))))
  }

  @Test func aBareSeparatorIsIgnoredAsSwiftRunPassesItThrough() throws {
    #expect(
      try FlagParser.parse(["--", "--latency", "50"])
        == .run(LaunchOptions(source: .offline(latency: .milliseconds(50), failureRate: 0))))
    #expect(throws: UsageError.self) { try FlagParser.parse(["--", "extra"]) }
  }

  @Test func helpAsksForTheUsage() throws {
    #expect(try FlagParser.parse(["--help"]) == .help)
    #expect(try FlagParser.parse(["--latency", "5", "-h"]) == .help)
  }

  @Test(arguments: [
    (["--bogus"], "unknown flag '--bogus'"),
    (["--latency"], "--latency needs a value"),
    (["--latency", "--help"], "--latency needs a value"),
    (["--latency", "1.5"], "--latency needs milliseconds from 0 to 60000, got '1.5'"),
    (["--fail-rate", "-0.1"], "--fail-rate needs a probability from 0 to 1, got '-0.1'"),
    (["--endpoint", "example.com"], "--endpoint needs an http(s) URL, got 'example.com'"),
    (
      ["--endpoint", "http://a.example", "--fail-rate", "1"],
      "--latency and --fail-rate only apply to the offline client, not --endpoint"
    ),
    (
      ["--endpoint=http://a.example", "--timeout=0"],
      "--timeout needs seconds from 1 to 3600, got '0'"
    ),
    (
      ["--endpoint=http://a.example", "--timeout", "3601"],
      "--timeout needs seconds from 1 to 3600, got '3601'"
    ),
    (
      ["--endpoint=http://a.example", "--timeout", "1.5"],
      "--timeout needs seconds from 1 to 3600, got '1.5'"
    ),
    (["--endpoint=http://a.example", "--timeout"], "--timeout needs a value"),
    (["--timeout", "5"], "--timeout only applies to --endpoint, not the offline client"),
    (["users"], "unexpected argument 'users'"),
    (["--trace=yes"], "--trace takes no value"),
  ])
  func rejectsBadFlagsWithOneLine(arguments: [String], message: String) {
    #expect(throws: UsageError(message: message)) {
      try FlagParser.parse(arguments)
    }
  }
}
