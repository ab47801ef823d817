/// Runs a ``Program`` against the reference model (``ModelChannel`` and friends).
///
/// Mirrors ``RealInterpreter`` step for step; the only difference is what is underneath.
final class ModelInterpreter {
  private let program: Program
  private var channels: [Source: ModelChannel] = [:]
  private var ownerAlive: [Source: Bool] = [:]
  private let scheduler = ModelScheduler()
  private var bagAlive = [true, true]
  private var bagContents: [[Int]] = [[], []]
  private var heldTokens: [Int: ModelToken] = [:]
  private var tokens: [Int: ModelToken] = [:]
  private var sinkOwnerAlive: [Int: Bool] = [:]
  /// Sink owners kept alive by a `sink(with:)` call that is still running: the caller of a
  /// function keeps its arguments alive for the call, so a release during the subscribing call
  /// (by a handler it triggered) takes effect when `sink(with:)` returns.
  private var ownersPinnedByCall: Set<Int> = []
  private var specs: [Int: SubscribeSpec] = [:]
  private var deliveryCounts: [Int: Int] = [:]
  private var outcome = ProgramOutcome()

  init(_ program: Program) {
    self.program = program
    for source in Source.allCases {
      let initial = source.isProperty ? program.initialValues[source.rawValue] : nil
      channels[source] = ModelChannel(current: initial)
      ownerAlive[source] = true
    }
  }

  static func run(_ program: Program) -> ProgramOutcome {
    let interpreter = ModelInterpreter(program)
    for action in program.actions {
      interpreter.perform(action, actor: ProgramOutcome.topLevel)
    }
    interpreter.outcome.finalValues = Source.properties.map { interpreter.current($0) }
    interpreter.scheduler.discardPending()
    return interpreter.outcome
  }

  private func current(_ source: Source) -> Int {
    guard let channel = channels[source], let value = channel.current else {
      preconditionFailure("model: \(source) is not a property")
    }
    return value
  }

  private func stream(_ expr: StreamExpr) -> ModelStream {
    switch expr {
    case .source(let source):
      guard let channel = channels[source] else { preconditionFailure("model: no \(source)") }
      return .of(channel)
    case .map(let upstream): return stream(upstream).map()
    case .filter(let upstream): return stream(upstream).filter()
    case .removeDuplicates(let upstream): return stream(upstream).removeDuplicates()
    case .changes(let upstream): return stream(upstream).changes()
    case .combineLatest(let first, let second):
      return stream(first).combineLatest(stream(second))
    case .receiveOnScheduler(let upstream): return stream(upstream).receive(on: scheduler)
    }
  }

  /// A token is reachable while the program holds it or a live bag holds it.
  private func reachableToken(_ id: Int) -> ModelToken? {
    if let token = heldTokens[id] { return token }
    if bagContents.contains(where: { $0.contains(id) }) { return tokens[id] }
    return nil
  }

  private func receive(_ id: Int, _ value: Int) {
    guard let spec = specs[id] else { return }
    if spec.withOwner && sinkOwnerAlive[id] != true && !ownersPinnedByCall.contains(id) {
      return
    }
    outcome.logs[id, default: []].append(.value(value))
    let count = deliveryCounts[id, default: 0] + 1
    deliveryCounts[id] = count
    for reaction in spec.reactions where reaction.fires(onDelivery: count) {
      perform(reaction.action, actor: id)
    }
  }

  private func perform(_ action: Action, actor: Int) {
    switch action {
    case .subscribe(let spec):
      guard specs[spec.id] == nil else { return }
      specs[spec.id] = spec
      if spec.withOwner {
        sinkOwnerAlive[spec.id] = true
        ownersPinnedByCall.insert(spec.id)
      }
      let token = stream(spec.stream).subscribe { [unowned self] in self.receive(spec.id, $0) }
      ownersPinnedByCall.remove(spec.id)
      tokens[spec.id] = token
      switch spec.storage {
      case .held:
        heldTokens[spec.id] = token
      case .bag(let index):
        if bagAlive[index] {
          bagContents[index].append(spec.id)
        } else {
          token.cancel()  // the real token is dropped at once, and releasing cancels
        }
      }
    case .send(let source, let value):
      if ownerAlive[source] == true { channels[source]?.send(value) }
    case .cancel(let id):
      reachableToken(id)?.cancel()
    case .releaseToken(let id):
      heldTokens.removeValue(forKey: id)?.cancel()
    case .cancelBag(let index):
      guard bagAlive[index] else { return }
      let contents = bagContents[index]
      bagContents[index] = []
      for id in contents { tokens[id]?.cancel() }
    case .releaseBag(let index):
      guard bagAlive[index] else { return }
      bagAlive[index] = false
      let contents = bagContents[index]
      bagContents[index] = []
      for id in contents { tokens[id]?.cancel() }
    case .releaseOwner(let source):
      ownerAlive[source] = false
    case .releaseSinkOwner(let id):
      if sinkOwnerAlive[id] != nil { sinkOwnerAlive[id] = false }
    case .advanceScheduler:
      scheduler.runAll()
    case .recordValue(let source):
      guard source.isProperty else { return }
      outcome.logs[actor, default: []].append(.read(source, current(source)))
    }
  }
}
