/// One key typed in the search field, decoded from raw terminal input by ``KeyDecoder``.
public enum Key: Equatable, Sendable {
  /// A printable character (a Unicode scalar; combining marks join the one before when the
  /// text is read as `Character`s).
  case text(Unicode.Scalar)
  /// Enter (CR or LF).
  case enter
  /// Esc on its own.
  case escape
  /// Backspace (DEL or Ctrl-H).
  case backspace
  /// Ctrl-U: clear the text.
  case clear
  /// Ctrl-C.
  case interrupt
}
