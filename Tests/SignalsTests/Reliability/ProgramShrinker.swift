/// Shrinks a failing program to a small one that still fails (delta debugging).
///
/// First removes runs of top-level actions (halves, quarters, ... single actions), then tries
/// simpler versions of each remaining action (fewer reactions, simpler streams, plain tokens),
/// and repeats until nothing more can go. Every candidate is a valid program (see
/// ``Program``), so each step only asks "does it still fail?".
struct ProgramShrinker {
  /// Stops after this many runs of `stillFails`, keeping the smallest failure found so far.
  var budget = 4_000
  let stillFails: (Program) -> Bool

  mutating func shrink(_ program: Program) -> Program {
    var best = program
    var improved = true
    while improved && budget > 0 {
      improved = removeRuns(&best) || simplifyActions(&best)
    }
    return best
  }

  private mutating func check(_ candidate: Program) -> Bool {
    guard budget > 0 else { return false }
    budget -= 1
    return stillFails(candidate)
  }

  private mutating func removeRuns(_ best: inout Program) -> Bool {
    var improved = false
    var length = max(1, best.actions.count / 2)
    while length >= 1 {
      var start = 0
      while start < best.actions.count {
        var candidate = best
        candidate.actions.removeSubrange(start..<min(start + length, best.actions.count))
        if check(candidate) {
          best = candidate
          improved = true
        } else {
          start += length
        }
      }
      length /= 2
    }
    return improved
  }

  private mutating func simplifyActions(_ best: inout Program) -> Bool {
    var improved = false
    for index in best.actions.indices {
      for variant in best.actions[index].simplerVariants {
        var candidate = best
        candidate.actions[index] = variant
        if check(candidate) {
          best = candidate
          improved = true
          break
        }
      }
    }
    return improved
  }
}

extension Action {
  /// Strictly simpler versions of this action, most aggressive first.
  var simplerVariants: [Action] {
    switch self {
    case .subscribe(let spec):
      return spec.simplerVariants.map(Action.subscribe)
    case .send(let source, let value) where value != 0:
      return [.send(source, 0)]
    default:
      return []
    }
  }
}

extension SubscribeSpec {
  var simplerVariants: [SubscribeSpec] {
    var variants: [SubscribeSpec] = []
    for index in reactions.indices {
      var without = self
      without.reactions.remove(at: index)
      variants.append(without)
    }
    for index in reactions.indices {
      for action in reactions[index].action.simplerVariants {
        var simpler = self
        simpler.reactions[index].action = action
        variants.append(simpler)
      }
      if reactions[index].times > 1 {
        var fewer = self
        fewer.reactions[index].times -= 1
        variants.append(fewer)
      }
      if reactions[index].onDelivery > 1 {
        var earlier = self
        earlier.reactions[index].onDelivery -= 1
        variants.append(earlier)
      }
    }
    for stream in stream.simplerVariants {
      var simpler = self
      simpler.stream = stream
      variants.append(simpler)
    }
    if withOwner {
      var plain = self
      plain.withOwner = false
      variants.append(plain)
    }
    if storage != .held {
      var held = self
      held.storage = .held
      variants.append(held)
    }
    return variants
  }
}
