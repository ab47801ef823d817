/// Prints the results table, as aligned text or as Markdown.
enum Report {
  static let headers = ["case", "baseline", "case", "baseline", "ratio", "target", "result"]

  static func render(_ rows: [Row], markdown: Bool) -> String {
    let table = [headers] + rows.map(\.cells)
    if markdown {
      let lines = table.map { "| " + $0.joined(separator: " | ") + " |" }
      let rule =
        "| "
        + headers.enumerated().map { $0.offset < 2 ? "---" : "---:" }
        .joined(separator: " | ") + " |"
      return ([lines[0], rule] + lines.dropFirst()).joined(separator: "\n")
    }
    let widths = headers.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
    return table.map { cells in
      cells.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return column < 2 ? cell + padding : padding + cell
      }.joined(separator: "  ")
    }.joined(separator: "\n")
  }

  /// One line per target: how many passed, and each miss by how much.
  static func summary(_ rows: [Row]) -> String {
    let judged = rows.filter { $0.target != nil }
    let misses = judged.filter { $0.passes == false }
    var lines = ["targets: \(judged.count - misses.count) PASS, \(misses.count) MISS"]
    for row in misses {
      guard let target = row.target, let figure = target.measured(in: row) else { continue }
      lines.append(
        "  MISS \(row.title): \(format(figure, decimals: 2)) against \(row.targetText)"
          + " (\(format(figure / target.limit, decimals: 2))x the limit)")
    }
    return lines.joined(separator: "\n")
  }
}
