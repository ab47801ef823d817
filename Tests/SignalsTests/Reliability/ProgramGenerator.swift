import SignalsTestSupport
import SignalsTesting

/// Generates random, valid programs from a seed (same seed, same program, on every platform).
///
/// Sizes are chosen so that 10,000 programs run in a few seconds in a debug build while most
/// programs still contain re-entrant sends, subscriptions made during a delivery, cancellations
/// from handlers and releases of bags and owners.
struct ProgramGenerator {
  private var random: SplitMix64
  private var nextID = 0

  static func program(seed: UInt64) -> Program {
    var generator = ProgramGenerator(random: SplitMix64(seed: seed))
    return generator.program(seed: seed)
  }

  private init(random: SplitMix64) {
    self.random = random
  }

  private mutating func program(seed: UInt64) -> Program {
    let initialValues = [random.below(4), random.below(4)]
    let count = random.within(10...40)
    var actions: [Action] = []
    // Start with a few subscriptions: a program's sends matter only if someone listens.
    for _ in 0..<random.within(1...3) {
      actions.append(.subscribe(subscription(depth: 0)))
    }
    while actions.count < count {
      actions.append(topLevelAction())
    }
    return Program(seed: seed, initialValues: initialValues, actions: actions)
  }

  private mutating func topLevelAction() -> Action {
    switch random.below(100) {
    case 0..<25: .subscribe(subscription(depth: 0))
    case 25..<65: send()
    case 65..<70: .cancel(subscriber: existingID())
    case 70..<74: .releaseToken(subscriber: existingID())
    case 74..<76: .cancelBag(random.below(2))
    case 76..<78: .releaseBag(random.below(2))
    case 78..<80: .releaseOwner(random.pick(Source.allCases))
    case 80..<82: .releaseSinkOwner(subscriber: existingID())
    case 82..<94: .advanceScheduler
    default: .recordValue(random.pick(Source.properties))
    }
  }

  /// What a handler does. `depth` bounds subscriptions made from handlers of handlers.
  private mutating func reactionAction(acting actor: Int, depth: Int) -> Action {
    switch random.below(100) {
    case 0..<45: send()
    case 45..<59 where depth < 2: .subscribe(subscription(depth: depth + 1))
    case 45..<59: send()
    case 59..<65: .cancel(subscriber: actor)
    case 65..<73: .cancel(subscriber: existingID())
    case 73..<78: .releaseToken(subscriber: random.chance(50) ? actor : existingID())
    case 78..<80: .cancelBag(random.below(2))
    case 80..<82: .releaseBag(random.below(2))
    case 82..<83: .releaseOwner(random.pick(Source.allCases))
    case 83..<86: .releaseSinkOwner(subscriber: random.chance(50) ? actor : existingID())
    case 86..<94: .advanceScheduler
    default: .recordValue(random.pick(Source.properties))
    }
  }

  private mutating func send() -> Action {
    .send(random.pick(Source.allCases), random.below(4))
  }

  /// An id already handed out (or 0 if none yet): actions on unknown ids are no-ops anyway.
  private mutating func existingID() -> Int {
    nextID == 0 ? 0 : random.below(nextID)
  }

  private mutating func subscription(depth: Int) -> SubscribeSpec {
    let id = nextID
    nextID += 1
    let target = stream(depth: random.chance(55) ? 0 : random.within(1...2))
    let storage: TokenStorage = random.chance(60) ? .held : .bag(random.below(2))
    let withOwner = random.chance(15)
    let reactionCount = random.pick([0, 0, 1, 1, 1, 2, 2, 2, 3, 3])
    var reactions: [Reaction] = []
    for _ in 0..<reactionCount {
      let action = reactionAction(acting: id, depth: depth)
      var reaction = Reaction(onDelivery: random.within(1...3), action: action)
      if case .subscribe = action {
      } else if random.chance(35) {
        reaction.period = random.within(1...2)
        reaction.times = random.within(2...4)
      }
      reactions.append(reaction)
    }
    return SubscribeSpec(
      id: id, stream: target, storage: storage, withOwner: withOwner, reactions: reactions)
  }

  private mutating func stream(depth: Int) -> StreamExpr {
    guard depth > 0 else { return .source(random.pick(Source.allCases)) }
    let upstream = stream(depth: depth - 1)
    if upstream.isProperty {
      switch random.below(5) {
      case 0: return .map(upstream)
      case 1: return .removeDuplicates(upstream)
      case 2: return .changes(upstream)
      case 3: return .combineLatest(upstream, propertyStream(depth: depth - 1))
      default: return .receiveOnScheduler(upstream)
      }
    }
    switch random.below(4) {
    case 0: return .map(upstream)
    case 1: return .filter(upstream)
    case 2: return .removeDuplicates(upstream)
    default: return .receiveOnScheduler(upstream)
    }
  }

  private mutating func propertyStream(depth: Int) -> StreamExpr {
    let source = StreamExpr.source(random.pick(Source.properties))
    guard depth > 0, random.chance(50) else { return source }
    return random.chance(50) ? .map(source) : .removeDuplicates(source)
  }
}
