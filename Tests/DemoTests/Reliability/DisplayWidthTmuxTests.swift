import Foundation
import Testing

@testable import ConsoleKit
@testable import Demo

/// ``DisplayWidth`` against a real terminal: each text is written to a tmux pane (200 columns,
/// its own server), followed by a marker, and the cursor's column then is how many columns tmux
/// gave the text. The clusters are the ones where column counts go wrong: the cases that
/// misaligned the list in tmux (a letter with a skin-tone modifier, Devanagari and Thai spacing
/// marks, a lone regional indicator, a text emoji with VS16, keycaps, U+2028, noncharacters),
/// and every cluster `DisplayWidthTests` pins. Runs where tmux is installed.
@Suite(.enabled(if: Tmux.isInstalled), .timeLimit(.minutes(5)))
struct DisplayWidthTmuxTests {
  /// The texts measured, with what each is.
  static let texts: [(String, String)] = [
    ("a\u{1F3FB}", "letter + skin-tone modifier"),
    (String(repeating: "a\u{1F3FB}", count: 23), "23 copies of it, which wrapped a cut row"),
    ("\u{0915}\u{093E}", "Devanagari ka + spacing vowel sign aa"),
    ("\u{0915}\u{093F}", "Devanagari ka + spacing vowel sign i"),
    ("\u{0915}\u{094D}\u{200D}\u{0937}", "Devanagari conjunct with ZWJ"),
    ("\u{0E01}\u{0E33}", "Thai ko kai + sara am"),
    ("\u{0E01}\u{0E31}", "Thai ko kai + nonspacing mai han-akat"),
    ("\u{1F1E6}", "lone regional indicator"),
    ("\u{1F1F0}\u{1F1F7}", "flag: two regional indicators"),
    ("\u{2764}\u{FE0F}", "text emoji + VS16"),
    ("\u{2764}", "text emoji alone"),
    ("\u{231A}\u{FE0E}", "emoji + VS15"),
    ("1\u{FE0F}\u{20E3}", "keycap"),
    ("#\u{FE0F}\u{20E3}", "keycap #"),
    ("x\u{2028}y", "line separator between letters"),
    ("x\u{2029}y", "paragraph separator between letters"),
    (scalar(0xFDD0), "noncharacter U+FDD0"),
    (scalar(0xFFFE), "noncharacter U+FFFE"),
    (scalar(0x1FFFE), "noncharacter U+1FFFE"),
    (scalar(0x0378), "unassigned"),
    ("\u{E000}", "private use"),
    ("\u{1F44D}\u{1F3FD}", "emoji + skin tone"),
    ("\u{261D}\u{1F3FD}", "text emoji + skin tone"),
    ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", "ZWJ family"),
    ("\u{1F469}\u{200D}\u{1F4BB}", "ZWJ profession"),
    ("\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", "tag flag"),
    ("a\u{200D}b", "ZWJ between letters"),
    ("e\u{301}", "combining accent"), ("a\u{302}\u{323}", "two combining marks"),
    ("\u{D55C}", "Hangul syllable"), ("\u{1112}\u{1161}\u{11AB}", "conjoining jamo"),
    ("\u{1100}", "leading jamo alone"), ("\u{1161}", "medial jamo alone"),
    ("\u{3131}", "compatibility jamo"), ("\u{4E2D}", "CJK"), ("\u{3042}", "Hiragana"),
    ("\u{FF71}", "halfwidth Katakana"), ("\u{FF11}", "fullwidth digit"),
    ("\u{3000}", "ideographic space"), ("\u{2329}", "angle bracket"),
    ("\u{20000}", "CJK extension B"), ("\u{1F600}", "emoji"), ("\u{200B}", "zero-width space"),
    ("\u{AD}", "soft hyphen"), ("\u{2026}", "ellipsis"), ("\u{241B}", "stand-in ␛"),
    ("\u{FFFD}", "replacement character"), ("Zoë Park 👩‍💻", "fixture name"),
    ("김민준 (Kim)", "fixture name"),
  ]

  /// The scalar `value` as text (Swift's literals refuse some of these code points).
  private static func scalar(_ value: UInt32) -> String {
    Unicode.Scalar(value).map { String($0) } ?? ""
  }

  /// Measures each text in its own tmux server; prints the columns as a JSON array.
  private static let script = """
    import json, os, subprocess, sys, tempfile, time
    texts = json.load(open(sys.argv[1]))
    directory = tempfile.mkdtemp()
    widths = []
    for index, text in enumerate(texts):
        socket = os.path.join(directory, "s%d" % index)
        path = os.path.join(directory, "t%d" % index)
        open(path, "w", encoding="utf-8").write(text + "#")
        def tmux(*arguments):
            return subprocess.run(["tmux", "-S", socket, "-f", "/dev/null"] + list(arguments),
                                  capture_output=True, text=True).stdout
        tmux("new-session", "-d", "-x", "200", "-y", "5", "cat %s; sleep 60" % path)
        for _ in range(500):
            if "#" in tmux("capture-pane", "-p", "-t", "0"):
                break
            time.sleep(0.01)
        column = tmux("display-message", "-p", "-t", "0", "#{cursor_x}").strip()
        tmux("kill-server")
        widths.append(int(column) - 1 if column else None)
    print(json.dumps(widths))
    """

  @Test func widthsMatchWhatTmuxDraws() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("width-tmux-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let textsURL = directory.appendingPathComponent("texts.json")
    try JSONEncoder().encode(Self.texts.map(\.0)).write(to: textsURL)
    var environment = ProcessInfo.processInfo.environment
    environment["LANG"] = "C.UTF-8"
    environment["LC_ALL"] = "C.UTF-8"
    environment["TMUX"] = nil
    let run = try await DemoProcess.runProgram(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", Self.script, textsURL.path],
      input: Data(), environment: environment)
    let measured = try JSONDecoder().decode([Int?].self, from: run.stdout)
    try #require(
      measured.count == Self.texts.count, "\(String(decoding: run.stderr, as: UTF8.self))")
    for ((text, what), tmux) in zip(Self.texts, measured) {
      let scalars = text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
      #expect(DisplayWidth.of(text) == tmux, "\(what) (\(scalars))")
    }
  }
}

/// Where tmux is.
enum Tmux {
  /// Whether a `tmux` executable is in one of the usual places.
  static var isInstalled: Bool {
    ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].contains {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }
}
