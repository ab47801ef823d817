import Foundation

/// The times in a trace depend on the machine: golden transcripts compare them normalised.
enum TraceStamps {
  /// `text` with every trace time (`+1.204s`) replaced by `+?.???s`.
  static func normalised(_ text: String) -> String {
    text.replacingOccurrences(
      of: #"\+[0-9]+\.[0-9]{3}s"#, with: "+?.???s", options: .regularExpression)
  }
}
