/// Turns the bytes a terminal in raw mode sends into ``Key``s, byte by byte, so a caller can
/// stop after any key and hand the rest of the input to someone else.
///
/// - Printable text is decoded as UTF-8 (a character may arrive split across reads). A scalar a
///   terminal would act on (see ``TerminalStandIn``) is never text: it is dropped, as are bytes
///   that are not UTF-8.
/// - Escape sequences (arrow and function keys: `ESC [ … final` and `ESC O x`) are dropped
///   whole. A lone ESC is the Esc key when it ends a read (``endOfRead()``), as a person's Esc
///   does. ESC followed in the same read by a character or DEL is Alt+that key, as terminals
///   send it, and is dropped whole: it is not Esc then the key (issue 40: that closed the field
///   and left the key on the command line, unseen). ESC then Ctrl-C is Ctrl-C; ESC then another
///   control key (Enter, Ctrl-U, …) or ESC is Esc, then that key. A sequence a read leaves unfinished
///   (``endOfRead()``), cut by a control key (Enter, Ctrl-C, … which then counts), or longer
///   than ``maximumSequenceLength`` is read as Esc followed by its bytes as text: no key after
///   it is swallowed. Terminals send each key in one write, so a cut sequence is rare.
/// - Other control bytes (Tab, Ctrl-D, …) are dropped.
///
/// Memory is bounded: it holds at most the 4 bytes of one pending character or the
/// ``maximumSequenceLength`` bytes of one pending sequence.
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

  /// The most bytes after ESC a sequence may have; a longer one is not a key (Esc and text).
  public static let maximumSequenceLength = 16

  private var mode = Mode.ground
  /// The bytes after ESC of the sequence being read (`[` or `O`, then its parameters).
  private var sequence: [UInt8] = []
  private var pending: [UInt8] = []
  private var pendingLength = 0
  /// The pending character came after ESC: Alt+that character, dropped when complete.
  private var pendingIsAlt = false

  /// The keys `byte` completes (none, one, or two for ESC followed by a key).
  public mutating func feed(_ byte: UInt8) -> [Key] {
    switch mode {
    case .ground:
      return ground(byte).map { [$0] } ?? []
    case .escape:
      switch byte {
      case UInt8(ascii: "["):
        mode = .controlSequence
        sequence = [byte]
        return []
      case UInt8(ascii: "O"):
        mode = .singleShift
        sequence = [byte]
        return []
      case 0x1B:
        return [.escape]  // ESC ESC: the first was Esc, the second may start a sequence
      case 0x20...0x7E, 0x7F:
        mode = .ground  // Alt+key: not a key of the field
        return []
      case 0x80...:
        mode = .ground  // Alt+ a character outside ASCII: dropped once it is complete
        pendingIsAlt = true
        _ = ground(byte)  // starts the character, or drops a byte that cannot start one
        if pending.isEmpty {
          pendingIsAlt = false
        }
        return []
      case 0x03:
        mode = .ground
        return [.interrupt]
      default:
        mode = .ground
        return [.escape] + (ground(byte).map { [$0] } ?? [])
      }
    case .controlSequence:
      // Parameter and intermediate bytes are 0x20...0x3F; a final byte 0x40...0x7E ends it.
      switch byte {
      case 0x40...0x7E:
        return dropSequence()
      case 0x20...0x3F where sequence.count < Self.maximumSequenceLength:
        sequence.append(byte)
        return []
      default:
        return unfinishedSequence() + (ground(byte).map { [$0] } ?? [])
      }
    case .singleShift:
      guard (0x40...0x7E).contains(byte) else {
        return unfinishedSequence() + (ground(byte).map { [$0] } ?? [])
      }
      return dropSequence()
    }
  }

  /// The keys a read's last bytes left pending: a lone ESC is the Esc key, an unfinished
  /// sequence is Esc followed by its bytes as text.
  public mutating func endOfRead() -> [Key] {
    switch mode {
    case .ground:
      return []
    case .escape:
      mode = .ground
      return [.escape]
    case .controlSequence, .singleShift:
      return unfinishedSequence()
    }
  }

  /// A whole sequence was read: it is not a key of the field.
  private mutating func dropSequence() -> [Key] {
    mode = .ground
    sequence = []
    return []
  }

  /// The sequence read so far is not a key after all: Esc, then its bytes (all printable) as
  /// text.
  private mutating func unfinishedSequence() -> [Key] {
    let text = sequence.map { Key.text(Unicode.Scalar($0)) }
    mode = .ground
    sequence = []
    return [.escape] + text
  }

  /// Forgets anything pending (the field closed).
  public mutating func reset() {
    mode = .ground
    sequence = []
    pending = []
    pendingLength = 0
    pendingIsAlt = false
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
      pendingIsAlt = false
      return ground(byte)
    }
    pending.append(byte)
    guard pending.count == pendingLength else { return nil }
    let scalars = String(decoding: pending, as: UTF8.self).unicodeScalars
    pending = []
    guard !pendingIsAlt else {
      pendingIsAlt = false
      return nil
    }
    guard scalars.count == 1, let scalar = scalars.first, scalar != "\u{FFFD}",
      TerminalStandIn.replacement(for: scalar) == nil
    else { return nil }
    return .text(scalar)
  }
}
