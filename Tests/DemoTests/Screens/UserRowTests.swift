import Testing
import UserFeature

@testable import ConsoleKit
@testable import Demo

/// A list row's columns are measured in display width: wide names pad to the same column as
/// narrow ones, and any field too long for its column is cut, so a row never passes 79 columns.
@Suite struct UserRowTests {
  @Test(arguments: [
    User(id: 1, name: "Leanne Graham", username: "Bret", email: "Sincere@april.biz"),
    User(id: 31, name: "김민준", username: "minjun.kim", email: "minjun.kim@example.kr"),
    User(id: 34, name: "Zoë Park 👩‍💻", username: "zoe.codes", email: "zoe.park@example.com"),
  ])
  func handlesStartAtTheSameColumnWhateverTheScript(_ user: User) {
    let row = UserRow.line(user, number: user.id).plainText
    let beforeHandle = row.prefix { $0 != "@" }
    #expect(DisplayWidth.of(beforeHandle) == UserRow.numberWidth + 2 + UserRow.nameWidth)
  }

  @Test(arguments: ["한", "M", "👩‍💻", "e\u{301}"])
  func longFieldsAreCutSoARowNeverPassesTheMaximumWidth(_ unit: String) {
    let long = String(repeating: unit, count: 10_000)
    let user = User(id: 9999, name: long, username: long, email: long)
    let row = UserRow.line(user, number: 9999)
    #expect(row.displayWidth <= UserRow.maximumWidth)
    #expect(UserRow.maximumWidth == 79)
    #expect(row.plainText.filter { $0 == "…" }.count == 3)
  }
}
