import ConsoleKit
import UserFeature

/// How the trace names the view models' values: one short line of safe text each. Text from
/// outside (a query, a name, a message) is sanitized and cut short.
enum TraceText {
  /// The widest a message (a toast, an error) is shown in the trace.
  static let maximumMessageWidth = 72

  /// `everyone` for the empty query, else the query quoted.
  static func query(_ query: String) -> TerminalText {
    query.isEmpty ? "everyone" : "\"\(TerminalText.quoting(query))\""
  }

  /// A message, quoted and cut to ``maximumMessageWidth``.
  static func message(_ message: String) -> TerminalText {
    "\"\(TerminalText(sanitizing: message).truncated(toWidth: maximumMessageWidth))\""
  }
}

extension UserListState {
  /// The state in the trace, for example `loaded everyone: 10 users, more available`.
  var traceText: TerminalText {
    switch self {
    case .idle:
      return "idle"
    case .loading(let query):
      return "loading \(TraceText.query(query))"
    case .loaded(let list):
      let activity: TerminalText
      switch list.activity {
      case .idle(hasMore: true): activity = "more available"
      case .idle(hasMore: false): activity = "end of list"
      case .refreshing: activity = "refreshing"
      case .loadingMore: activity = "loading more"
      }
      return "loaded \(TraceText.query(list.query)): \(list.users.count) users, \(activity)"
    case .empty(let query):
      return "empty \(TraceText.query(query))"
    case .failed(let query, let error):
      return "failed \(TraceText.query(query)): \(TraceText.message(error.message))"
    }
  }
}

extension UserListEvent {
  /// The event in the trace, for example `showDetail #3`.
  var traceText: TerminalText {
    switch self {
    case .toast(let message): "toast \(TraceText.message(message))"
    case .showDetail(let id): "showDetail #\(id)"
    case .refused(let refusal): "refused: \(refusal.notice)"
    }
  }
}

extension UserDetailState {
  /// The state in the trace, for example `loaded "Leanne Graham", refreshing`.
  var traceText: TerminalText {
    switch self {
    case .idle:
      "idle"
    case .loading:
      "loading"
    case .loaded(let user, let isRefreshing):
      "loaded \"\(TerminalText.quoting(user.name))\"\(isRefreshing ? ", refreshing" : "")"
    case .failed(let error):
      "failed: \(TraceText.message(error.message))"
    }
  }
}

extension UserDetailEvent {
  /// The event in the trace: `toast "…"` or `close`.
  var traceText: TerminalText {
    switch self {
    case .toast(let message): "toast \(TraceText.message(message))"
    case .close: "close"
    }
  }
}
