/// One line of the demo's trace (`--trace`): something that flowed between a view model and its
/// screen, stamped with the time since the app started.
public struct TraceEntry: Equatable, Sendable {
  /// What happened.
  public enum Kind: Equatable, Sendable, CaseIterable {
    /// The screen subscribed to its view model (it appeared).
    case bind
    /// The screen's subscriptions ended (it was covered or closed).
    case unbind
    /// The view model's state took a value, or a new binding received the current one.
    case state
    /// The screen received an event.
    case event
    /// The view model sent an event while nobody was subscribed: it fell on the floor.
    case dropped

    /// The name shown in the kind column.
    public var label: TerminalText {
      switch self {
      case .bind: "bind"
      case .unbind: "unbind"
      case .state: "state"
      case .event: "event"
      case .dropped: "dropped"
      }
    }

    /// How the kind is emphasised on a colour terminal.
    public var style: TextStyle {
      switch self {
      case .bind, .unbind: .dim
      case .state: .accent
      case .event: .warning
      case .dropped: .failure
      }
    }
  }

  /// The widest source name of the bundled users (`detail #34`) and a space, so the columns
  /// after it line up.
  public static let sourceWidth = 11
  /// The widest kind label (`dropped`) and a space.
  public static let kindWidth = 8

  /// Time since the app started.
  public let time: Duration
  /// Whose output it is, for example `list` or `detail #3`.
  public let source: TerminalText
  /// What happened.
  public let kind: Kind
  /// What flowed, for example `loading everyone`; empty for a bind or unbind.
  public let text: TerminalText

  /// The entry as one line: `+1.204s  list      state   loaded everyone: 10 users, …`.
  public var line: StyledLine {
    let kindColumn = text.isEmpty ? kind.label : kind.label.padded(toWidth: Self.kindWidth)
    return StyledLine("\(Self.stamp(time))  ", style: .dim)
      + StyledLine(source.padded(toWidth: Self.sourceWidth))
      + StyledLine(kindColumn, style: kind.style) + StyledLine(text)
  }

  /// `time` as `+s.mmms`, rounded down to the millisecond.
  public static func stamp(_ time: Duration) -> TerminalText {
    let milliseconds = max(time.milliseconds, 0)
    let fraction = milliseconds % 1000
    let padding: TerminalText = fraction < 10 ? "00" : fraction < 100 ? "0" : ""
    return "+\(milliseconds / 1000).\(padding)\(fraction)s"
  }
}
