extension EventStream {
  /// The same events, delivered through `scheduler`.
  ///
  /// Each subscriber gets its own ordered queue, so events stay in send order and are delivered
  /// one at a time even on a concurrent scheduler. Cancelling drops queued events that have not
  /// been delivered yet, and releases them: on the cancelling thread when no delivery is running,
  /// else on the delivering thread when its round ends.
  ///
  /// Lifetime: a delivery job the scheduler has not run yet holds the subscriber's queue (its
  /// relay) until the scheduler runs it or lets it go; a cancelled subscription's queue is
  /// empty by then. The relay does not hold the scheduler, so a scheduler that never runs its
  /// jobs is freed with them once nothing else holds it.
  ///
  /// One job per burst: the first event sent while the subscriber's queue is empty schedules
  /// one job, and that job delivers every event queued by the time it runs. So work scheduled
  /// on the same scheduler between two sends runs after both deliveries (OpenCombine,
  /// ReactiveSwift and RxSwift schedule a job per value and would run it in between).
  @inlinable
  public func receive(on scheduler: some SignalScheduler) -> EventStream<Value> {
    let upstream = self
    return EventStream { handler in
      sinkThroughRelay(upstream.sink, on: SchedulerExecutor(scheduler), handler)
    }
  }

  /// The stream itself: delivery already happens on the sending thread, so nothing changes and
  /// nothing is added to the delivery path.
  public func receive(on scheduler: InlineScheduler) -> EventStream<Value> {
    self
  }

  /// A main-actor face of this stream: its handlers are `@MainActor`. See
  /// ``MainActorScheduler`` for when delivery is synchronous.
  public func receive(on scheduler: MainActorScheduler) -> MainActorEventStream<Value> {
    MainActorEventStream(upstream: self)
  }
}

extension Property {
  /// The same property, its changes delivered through `scheduler`. ``value`` still reads the
  /// stored value directly, so it may be ahead of what a subscriber has received so far.
  ///
  /// Each subscriber gets its own ordered queue (see ``EventStream/receive(on:)-(SignalScheduler)``);
  /// the first value a subscriber receives is the current value, delivered through the
  /// scheduler too.
  @inlinable
  public func receive(on scheduler: some SignalScheduler) -> Property<Value> {
    let upstream = self
    return Property(
      read: { upstream.value },
      readConsistently: upstream.readConsistently,
      subscribe: { handler in
        sinkThroughRelay(upstream.sink, on: SchedulerExecutor(scheduler), handler)
      })
  }

  /// The property itself: delivery already happens on the sending thread.
  public func receive(on scheduler: InlineScheduler) -> Property<Value> {
    self
  }

  /// A main-actor face of this property: its handlers are `@MainActor`. See
  /// ``MainActorScheduler`` for when delivery is synchronous.
  public func receive(on scheduler: MainActorScheduler) -> MainActorProperty<Value> {
    MainActorProperty(upstream: self)
  }
}
