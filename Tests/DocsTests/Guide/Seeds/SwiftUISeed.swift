/// The SwiftUI seed's screen (`../shared/seeds`, "View · Model · Service"): the client boundary
/// and the view model compile and run here (SwiftUISeedTests.swift); the views compile only
/// where SwiftUI exists, and CI type-checks them against the stand-in in StandIns/SwiftUI.
enum SwiftUISeed {}
