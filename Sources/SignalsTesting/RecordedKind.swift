/// What a ``Recorder`` records: state (a `Property`) or events (an `EventStream`), which a
/// ``Timeline`` draws differently. Internal.
enum RecordedKind: Sendable, Equatable {
  case state
  case events
}
