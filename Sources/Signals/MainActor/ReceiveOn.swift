extension EventStream {
  /// The same events, delivered through `scheduler`.
  ///
  /// Each subscriber gets its own queue: events keep send order and come one at a time, even on a
  /// concurrent scheduler. One job per burst: the first event sent to an empty queue schedules a
  /// job that delivers all queued by the time it runs, so work scheduled on the same scheduler
  /// between two sends runs after both deliveries. Cancelling drops undelivered events and releases
  /// them at once, or on the delivering thread when a running round ends. An unrun job holds the
  /// queue (empty once cancelled) until the scheduler runs it or lets it go; the queue does not
  /// hold the scheduler, so an otherwise unheld scheduler is freed with the jobs it never runs.
  @inlinable
  public func receive(on scheduler: some SignalScheduler) -> EventStream<Value> {
    let upstream = self
    return EventStream { handler in
      sinkThroughRelay(upstream.sink, on: SchedulerExecutor(scheduler), handler)
    }
  }

  /// The stream itself: delivery already happens on the sending thread, so nothing is added.
  public func receive(on scheduler: InlineScheduler) -> EventStream<Value> {
    self
  }

  /// A main-actor face of this stream, with `@MainActor` handlers: see ``MainActorScheduler``.
  public func receive(on scheduler: MainActorScheduler) -> MainActorEventStream<Value> {
    MainActorEventStream(upstream: self)
  }
}

extension Property {
  /// The same property, each subscriber's values (the current one first) delivered through
  /// `scheduler` as by ``EventStream/receive(on:)-(SignalScheduler)``. ``value`` still reads the
  /// stored value directly, so it may be ahead of what a subscriber has received so far.
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

  /// A main-actor face of this property, with `@MainActor` handlers: see ``MainActorScheduler``.
  public func receive(on scheduler: MainActorScheduler) -> MainActorProperty<Value> {
    MainActorProperty(upstream: self)
  }
}
