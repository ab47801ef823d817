// A process for the live client's reliability tests (UserFeatureTests/Reliability), so that a
// crash or a memory peak is its own and not the test runner's.
//
//   TransferProbe race <base URL> <rounds>
//     Cancels `rounds` requests, each at a moment picked around when its answer arrives (the
//     first 20 requests, uncancelled, measure how long an answer takes). Prints
//     "survived <rounds>" and exits 0; a crash in the client kills the process instead.
//   TransferProbe fetch <base URL> <timeout in ms>
//     Asks for the first page twice (the second after the first ended, as a `reload` would)
//     and prints how each ended and how long it took, one line each:
//     "<error or users> <milliseconds>"; then its peak resident memory: "peak <kilobytes>".
//     Exits 0.
//   TransferProbe flood <base URL> <count>
//     Starts `count` requests at once (timeout 10 minutes each), then cancels them all when its
//     standard input closes, and prints "answered <count>" once every caller has been answered.
//     Exits 0; exits 3 ("hung") if that has not happened 60 s after the cancel.
//   TransferProbe limited <base URL> <timeout in s>
//     Asks for the first page twice through workers of its own executable
//     (`ChildProcessHTTPClient`), and before the second lowers its user's process limit to one
//     (RLIMIT_NPROC; not enforced for root: run it as another user), so that no thread or process
//     can be started. Prints how each ended, as `fetch` does, and exits 0. Linux only.
//   TransferProbe --transfer-worker <request>
//     A worker of `ChildProcessHTTPClient` (`TransferWorker`): runs one transfer, answers, exits.
// Each exits 2 with a usage line on bad arguments.
import BoundedHTTP
import Foundation
import UserFeature

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

func usage() -> Never {
  FileHandle.standardError.write(
    Data(
      "usage: TransferProbe race|flood <base URL> <count> | fetch <base URL> <timeout ms>\n".utf8))
  exit(2)
}

await TransferWorker.runIfRequested(CommandLine.arguments)
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 3, let baseURL = URL(string: arguments[arguments.startIndex + 1]),
  let number = Int(arguments[arguments.startIndex + 2]), number > 0
else { usage() }

/// How one request ended, in a word or two, and how long it took.
func describe(_ client: LiveUserClient) async -> String {
  let start = ContinuousClock.now
  let outcome: String
  do {
    let page = try await client.users(matching: "", page: 1, pageSize: 10)
    outcome = "users:\(page.users.count)"
  } catch let error as UserClientError {
    switch error {
    case .bodyTooLarge: outcome = "bodyTooLarge"
    case .transport(let error) where error.code == .timedOut: outcome = "timedOut"
    default: outcome = "other:\(error)"
    }
  } catch {
    outcome = "other:\(error)"
  }
  let elapsed = ContinuousClock.now - start
  return
    "\(outcome) \(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)"
}

/// This process's peak resident memory, in kilobytes. On Linux `VmHWM`, which `exec` resets:
/// `ru_maxrss` keeps the peak of the process that forked this one (the test runner's).
func peakResidentKilobytes() -> Int {
  #if os(Linux)
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? -1
  #else
    var usage = rusage()
    getrusage(RUSAGE_SELF, &usage)
    return Int(usage.ru_maxrss) / 1024  // bytes on Darwin
  #endif
}

switch arguments.first {
case "race":
  let client = LiveUserClient(baseURL: baseURL, timeout: .seconds(30))
  let clock = ContinuousClock()
  var answer = Duration.zero
  for _ in 1...20 {
    let start = clock.now
    _ = try? await client.users(matching: "", page: 1, pageSize: 10)
    answer += (clock.now - start) / 20
  }
  for round in 0..<number {
    let request = Task { try await client.users(matching: "", page: 1, pageSize: 10) }
    // From a tenth to twice the time an answer takes, so most cancels land near completion.
    let fraction = 0.1 + Double(round % 39) / 20
    try? await Task.sleep(for: answer * fraction)
    request.cancel()
    _ = try? await request.value
  }
  print("survived \(number)")
case "fetch":
  let client = LiveUserClient(baseURL: baseURL, timeout: .milliseconds(number))
  print(await describe(client))
  print(await describe(client))
  print("peak \(peakResidentKilobytes())")
case "flood":
  let client = LiveUserClient(baseURL: baseURL, timeout: .seconds(600))
  let requests = (0..<number).map { _ in
    Task { try await client.users(matching: "", page: 1, pageSize: 10) }
  }
  // The test closes standard input once the server has seen the requests arrive. A thread of
  // its own reads it, and is also the watchdog: Dispatch's pool (which runs the main actor
  // here) may be what is stuck.
  await withCheckedContinuation { (closed: CheckedContinuation<Void, Never>) in
    Thread.detachNewThread {
      _ = FileHandle.standardInput.readDataToEndOfFile()
      closed.resume()
      sleep(60)
      print("hung")
      exit(3)
    }
  }
  for request in requests {
    request.cancel()
  }
  var answered = 0
  for request in requests {
    _ = try? await request.value
    answered += 1
  }
  print("answered \(answered)")
case "limited":
  #if os(Linux)
    let client = LiveUserClient(
      baseURL: baseURL,
      http: ChildProcessHTTPClient(
        worker: URL(fileURLWithPath: "/proc/self/exe"), timeout: .seconds(number),
        maximumBodySize: LiveUserClient.defaultMaximumBodySize))
    print(await describe(client))
    var one = rlimit(rlim_cur: 1, rlim_max: 1)
    guard setrlimit(__rlimit_resource_t(__RLIMIT_NPROC.rawValue), &one) == 0 else { usage() }
    print(await describe(client))
  #else
    usage()
  #endif
default:
  usage()
}
