/// The programs the model-based test runs: plain data, interpreted once against Signals
/// (``RealInterpreter``) and once against the reference model (``ModelInterpreter``).
///
/// Every program is valid whatever was removed from it while shrinking: an action that refers
/// to a subscriber, token, bag or owner that does not exist (any more) does nothing in both
/// interpreters.

/// The four sources every program starts with.
enum Source: Int, CaseIterable, Sendable, CustomStringConvertible {
  case p0, p1, e0, e1

  /// `p0`/`p1` are `MutableProperty<Payload>`s, `e0`/`e1` are `EventSender<Payload>`s.
  var isProperty: Bool { self == .p0 || self == .p1 }

  var description: String {
    switch self {
    case .p0: "p0"
    case .p1: "p1"
    case .e0: "e0"
    case .e1: "e1"
    }
  }

  static let properties: [Source] = [.p0, .p1]
}

/// The pure functions the derived streams apply; both interpreters call these same functions.
enum Transform {
  static func map(_ value: Int) -> Int { value &* 3 &+ 1 }
  static func keep(_ value: Int) -> Bool { value % 2 == 0 }
  static func combine(_ first: Int, _ second: Int) -> Int { first &* 10 &+ second }
}

/// What a subscriber subscribes to: a source, or a chain of operators over sources.
indirect enum StreamExpr: Equatable, Sendable, CustomStringConvertible {
  case source(Source)
  case map(StreamExpr)
  /// Events only (`Property` has no `filter`).
  case filter(StreamExpr)
  case removeDuplicates(StreamExpr)
  /// Property to events.
  case changes(StreamExpr)
  /// Properties only.
  case combineLatest(StreamExpr, StreamExpr)
  /// `receive(on:)` a `TestScheduler`; delivered when the program advances it.
  case receiveOnScheduler(StreamExpr)

  var isProperty: Bool {
    switch self {
    case .source(let source): source.isProperty
    case .map(let upstream), .removeDuplicates(let upstream), .receiveOnScheduler(let upstream):
      upstream.isProperty
    case .filter, .changes: false
    case .combineLatest: true
    }
  }

  /// Whether the operators are applied to the kind they exist for.
  var isValid: Bool {
    switch self {
    case .source: true
    case .map(let upstream), .removeDuplicates(let upstream), .receiveOnScheduler(let upstream):
      upstream.isValid
    case .filter(let upstream): upstream.isValid && !upstream.isProperty
    case .changes(let upstream): upstream.isValid && upstream.isProperty
    case .combineLatest(let first, let second):
      first.isValid && second.isValid && first.isProperty && second.isProperty
    }
  }

  /// Smaller valid expressions, for shrinking.
  var simplerVariants: [StreamExpr] {
    let candidates: [StreamExpr]
    switch self {
    case .source:
      candidates = []
    case .map(let upstream):
      candidates = [upstream] + upstream.simplerVariants.map(StreamExpr.map)
    case .filter(let upstream):
      candidates = [upstream] + upstream.simplerVariants.map(StreamExpr.filter)
    case .removeDuplicates(let upstream):
      candidates = [upstream] + upstream.simplerVariants.map(StreamExpr.removeDuplicates)
    case .changes(let upstream):
      candidates = [upstream] + upstream.simplerVariants.map(StreamExpr.changes)
    case .receiveOnScheduler(let upstream):
      candidates = [upstream] + upstream.simplerVariants.map(StreamExpr.receiveOnScheduler)
    case .combineLatest(let first, let second):
      candidates =
        [first, second]
        + first.simplerVariants.map { .combineLatest($0, second) }
        + second.simplerVariants.map { .combineLatest(first, $0) }
    }
    return candidates.filter(\.isValid)
  }

  var description: String {
    switch self {
    case .source(let source): "\(source)"
    case .map(let upstream): "\(upstream).map"
    case .filter(let upstream): "\(upstream).filter"
    case .removeDuplicates(let upstream): "\(upstream).removeDuplicates"
    case .changes(let upstream): "\(upstream).changes"
    case .combineLatest(let first, let second): "combineLatest(\(first), \(second))"
    case .receiveOnScheduler(let upstream): "\(upstream).receive(on: scheduler)"
    }
  }
}

/// Who keeps a subscription's token.
enum TokenStorage: Equatable, Sendable, CustomStringConvertible {
  /// The program holds it until `releaseToken`.
  case held
  /// Stored in bag `index` (the program keeps only a weak reference). If that bag was already
  /// released, the token is dropped at once, which cancels the subscription.
  case bag(Int)

  var description: String {
    switch self {
    case .held: "token held"
    case .bag(let index): "token in bag\(index)"
    }
  }
}

/// One subscription: `id` names it in later actions and in the emission logs.
struct SubscribeSpec: Equatable, Sendable {
  var id: Int
  var stream: StreamExpr
  var storage: TokenStorage
  /// Subscribe with `sink(with: owner)`; the owner object is held by the program until
  /// `releaseSinkOwner(id)`, after which values are ignored.
  var withOwner: Bool
  var reactions: [Reaction]
}

/// Something a handler does when its subscriber receives its `onDelivery`-th value, and again
/// every `period` values after that, `times` times in all (deliveries are counted from 1;
/// values ignored because the sink owner is gone are not counted).
struct Reaction: Equatable, Sendable {
  var onDelivery: Int
  var period = 1
  var times = 1
  var action: Action

  /// Whether the reaction fires on the subscriber's `count`-th value.
  func fires(onDelivery count: Int) -> Bool {
    let offset = count - onDelivery
    return offset >= 0 && offset % period == 0 && offset / period < times
  }
}

/// One step of a program, at top level or inside a handler.
indirect enum Action: Equatable, Sendable {
  case subscribe(SubscribeSpec)
  /// Sets a property / sends an event. Does nothing once the owner was released.
  case send(Source, Int)
  case cancel(subscriber: Int)
  /// The program drops its strong reference to the token (only for `.held` tokens).
  case releaseToken(subscriber: Int)
  case cancelBag(Int)
  case releaseBag(Int)
  /// Drops the `MutableProperty` / `EventSender`; the read-only faces stay usable.
  case releaseOwner(Source)
  case releaseSinkOwner(subscriber: Int)
  /// `TestScheduler.advance()`: runs every scheduled `receive(on:)` delivery.
  case advanceScheduler
  /// Appends `source.value` (a property) to the acting subscriber's log, or to the top-level
  /// log. Checks didSet timing: inside a handler, the stored value is already the newest.
  case recordValue(Source)
}

/// A generated program: two property initial values and a list of top-level actions.
struct Program: Equatable, Sendable {
  var seed: UInt64
  var initialValues: [Int]
  var actions: [Action]

  /// The number of actions, counting those inside reactions; a size measure for shrinking.
  var size: Int {
    actions.reduce(0) { $0 + $1.size }
  }
}

extension Action {
  var size: Int {
    if case .subscribe(let spec) = self {
      return 1 + spec.reactions.reduce(0) { $0 + $1.action.size }
    }
    return 1
  }
}
