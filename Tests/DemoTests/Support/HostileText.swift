import Foundation
import UserFeature

/// Text that tries to take over a terminal, one sample of every control class, for tests that
/// send it to the Demo from a server or on standard input, and the check that none of it
/// reached the terminal raw.
enum HostileText {
  /// Each sample with what the Demo must show instead (its visible stand-ins).
  static let samples: [(raw: String, shown: String)] = [
    ("\u{1B}]0;owned\u{07}", "\u{241B}]0;owned\u{2407}"),  // OSC: retitles the window
    ("\u{1B}[2J", "\u{241B}[2J"),  // CSI: clears the screen
    ("\u{1B}[6n", "\u{241B}[6n"),  // DSR: the terminal types its answer into the app
    ("\u{9B}31m", "\u{FFFD}31m"),  // C1 CSI: red text on terminals that honour C1
    ("\u{9D}0;c1\u{9C}", "\u{FFFD}0;c1\u{FFFD}"),  // C1 OSC ... ST
    ("x\u{202E}fdp.exe", "x\u{FFFD}fdp.exe"),  // right-to-left override
    ("y\u{2066}\u{200F}\u{061C}", "y\u{FFFD}\u{FFFD}\u{FFFD}"),  // isolate, RLM, ALM
    ("z\u{00}\u{07}\u{08}\u{09}\u{0D}\u{7F}", "z\u{2400}\u{2407}\u{2408}\u{2409}\u{240D}\u{2421}"),
  ]

  /// The JSON a hostile server sends: for each sample, one user with it at the start of the
  /// name, the username and the email (so it is inside the columns a list shows), and last a
  /// user whose name is 1 MB long with a sample in it. The fields are written as given, before
  /// the app's own `User` bounds them (controls escaped as `\u001b` and so on, C1 and
  /// bidirectional controls as raw UTF-8).
  static func usersJSON() throws -> Data {
    var objects = samples.enumerated().map { index, sample in
      rawUser(
        id: index + 1, name: "\(sample.raw) name", username: "\(sample.raw)user",
        email: "\(sample.raw)@example.test")
    }
    let megabyte = samples[0].raw + String(repeating: "M", count: 1_000_000) + samples[1].raw
    objects.append(
      rawUser(id: objects.count + 1, name: megabyte, username: "big", email: "big@example.test"))
    return try JSONSerialization.data(withJSONObject: objects)
  }

  /// One user object as a server sends it, its fields exactly as given.
  static func rawUser(id: Int, name: String, username: String, email: String) -> [String: Any] {
    ["id": id, "name": name, "username": username, "email": email]
  }

  /// The scalars in `output` a terminal would act on: C0 controls but the newline, DEL, C1
  /// controls and bidirectional controls. With `demoSequences`, the Demo's own escape sequences
  /// (`ESC [` digits and `;` then `m`, `H`, `K` or `J`: colours, cursor home, erase) are removed
  /// first; every other ESC counts.
  static func unsafeScalars(in output: String, allowingDemoSequences demoSequences: Bool)
    -> [Unicode.Scalar]
  {
    var text = output
    if demoSequences {
      text = text.replacingOccurrences(
        of: "\u{1B}\\[[0-9;]*[mHKJ]", with: "", options: .regularExpression)
    }
    return text.unicodeScalars.filter { scalar in
      switch scalar.value {
      case 0x0A: false
      case 0x00...0x1F, 0x7F...0x9F: true
      case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
      default: false
      }
    }
  }
}
