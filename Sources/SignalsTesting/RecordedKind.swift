/// What a ``Recorder`` records: state (a `Property`) or events (an `EventStream`). Internal: a
/// ``Timeline`` draws the two differently, a state lane holding its value between changes (`=`),
/// an event lane empty between events (`-`).
enum RecordedKind: Sendable, Equatable {
  /// A `Property`: the current value when recording starts, then every change.
  case state
  /// An `EventStream`: every event sent after recording starts, nothing replayed.
  case events
}
