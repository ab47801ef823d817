/// Turns the bytes a terminal in raw mode sends into ``Key``s, byte by byte, so a caller can
/// stop after any key and hand the rest of the input to someone else.
///
/// - Printable text is decoded as UTF-8 (a character may arrive split across reads). A scalar a
///   terminal would act on (see ``TerminalStandIn``) is never text: it is dropped, as are bytes
///   that are not UTF-8.
/// - Escape sequences (arrow and function keys: `ESC [ … final` and `ESC O x`) are dropped
///   whole. A lone ESC is the Esc key: one that ends a read (``endOfRead()``) or is followed by
///   another byte (Alt+key: the key then counts on its own). A sequence split across two reads
///   is read as Esc followed by text; terminals send each key in one write, so this is rare.
/// - Other control bytes (Tab, Ctrl-D, …) are dropped.
///
/// Memory is bounded: it holds at most the 4 bytes of one pending character.
public struct KeyDecoder {
  private enum Mode: Equatable {
    case ground
    /// After ESC.
    case escape
    /// After `ESC [`, until the final byte.
    case controlSequence
    /// After `ESC O`: one more byte ends it.
    case singleShift
  }

  private var mode = Mode.ground
  private var pending: [UInt8] = []
  private var pendingLength = 0

  /// The keys `byte` completes (none, one, or two for ESC followed by a key).
  public mutating func feed(_ byte: UInt8) -> [Key] {
    switch mode {
    case .ground:
      return ground(byte).map { [$0] } ?? []
    case .escape:
      switch byte {
      case UInt8(ascii: "["):
        mode = .controlSequence
        return []
      case UInt8(ascii: "O"):
        mode = .singleShift
        return []
      case 0x1B:
        return [.escape]  // ESC ESC: the first was Esc, the second may start a sequence
      default:
        mode = .ground
        return [.escape] + (ground(byte).map { [$0] } ?? [])
      }
    case .controlSequence:
      // Parameter and intermediate bytes are 0x20...0x3F; a final byte 0x40...0x7E ends it.
      if (0x40...0x7E).contains(byte) {
        mode = .ground
      }
      return []
    case .singleShift:
      mode = .ground
      return []
    }
  }

  /// The key a read's last byte left pending: a lone ESC is the Esc key.
  public mutating func endOfRead() -> [Key] {
    guard mode == .escape else { return [] }
    mode = .ground
    return [.escape]
  }

  /// Forgets anything pending (the field closed).
  public mutating func reset() {
    mode = .ground
    pending = []
    pendingLength = 0
  }

  /// A byte outside an escape sequence.
  private mutating func ground(_ byte: UInt8) -> Key? {
    if !pending.isEmpty || byte >= 0x80 {
      return utf8(byte)
    }
    switch byte {
    case 0x0D, 0x0A: return .enter
    case 0x7F, 0x08: return .backspace
    case 0x15: return .clear
    case 0x03: return .interrupt
    case 0x1B:
      mode = .escape
      return nil
    case 0x20...0x7E: return .text(Unicode.Scalar(byte))
    default: return nil
    }
  }

  /// A byte of a multi-byte UTF-8 character.
  private mutating func utf8(_ byte: UInt8) -> Key? {
    if pending.isEmpty {
      switch byte {
      case 0xC2...0xDF: pendingLength = 2
      case 0xE0...0xEF: pendingLength = 3
      case 0xF0...0xF4: pendingLength = 4
      default: return nil  // a stray continuation byte, or never valid in UTF-8
      }
      pending = [byte]
      return nil
    }
    guard (0x80...0xBF).contains(byte) else {
      // The character was cut short: drop it, and read this byte afresh.
      pending = []
      return ground(byte)
    }
    pending.append(byte)
    guard pending.count == pendingLength else { return nil }
    let scalars = String(decoding: pending, as: UTF8.self).unicodeScalars
    pending = []
    guard scalars.count == 1, let scalar = scalars.first, scalar != "\u{FFFD}",
      TerminalStandIn.replacement(for: scalar) == nil
    else { return nil }
    return .text(scalar)
  }
}
