import Dispatch

// https://developer.apple.com/documentation/combine/scheduler
// (The time-based requirements, `now` and `schedule(after:...)`, are left out: nothing the guide
// shows uses them.)
public protocol Scheduler<SchedulerTimeType> {
  associatedtype SchedulerTimeType
  associatedtype SchedulerOptions
  func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)
}

// https://developer.apple.com/documentation/dispatch/dispatchqueue (Combine's conformance)
// `receive(on: DispatchQueue.main)` always enqueues, even when the value is sent on the main
// thread: the handler runs on a later turn of the main queue.
extension DispatchQueue: Scheduler {
  // https://developer.apple.com/documentation/dispatch/dispatchqueue/schedulertimetype
  public struct SchedulerTimeType {}
  // https://developer.apple.com/documentation/dispatch/dispatchqueue/scheduleroptions
  public struct SchedulerOptions {}
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    fatalError()
  }
}
