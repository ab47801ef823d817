/// The bound on a text field from outside (a server, the bundled fixture) that ``User`` applies
/// and documents, so no later work with a user's text (matching, measuring, drawing) grows with
/// what was sent. Internal. Linear in the text it keeps plus the first cluster it drops.
///
/// Per grapheme cluster too, because a letter with 100,000 combining marks is one cluster and
/// matching that ignores diacritics is quadratic in a cluster's length on Linux (5k / 10k / 20k
/// marks: 0.25 / 1.05 / 5.0 s); clusters people write (an emoji family with skin tones, a
/// subdivision flag) have 10 scalars or fewer.
enum BoundedText {
  /// The most scalars kept of one field, whole clusters only: 512, more than any name needs.
  static let maximumScalars = 512
  /// The most scalars kept of one grapheme cluster (the rest is dropped): 32.
  static let maximumScalarsPerCluster = 32

  /// `text` cut to the bounds above (unchanged when it is within them).
  static func bounding(_ text: String) -> String {
    var kept = String.UnicodeScalarView()
    for cluster in text {
      let scalars = cluster.unicodeScalars.prefix(maximumScalarsPerCluster)
      guard kept.count + scalars.count <= maximumScalars else { break }
      kept.append(contentsOf: scalars)
    }
    return String(kept)
  }
}
