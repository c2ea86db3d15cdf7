import Foundation
import Testing
import TestFixtures

/// docs/design-figures.md is what the code's constants print: the design figures the docs give are checked against it
/// (Tests/Scripts/check_figures.py), so a changed default or limit must change the file, and then the docs.
@Suite("The design figures")
struct DesignFiguresTests {
    @Test("docs/design-figures.md is what bench schema design prints from the code's constants")
    func documented() throws {
        let printed = BenchProgram.inProcess(["schema", "design"])
        #expect(printed.status == 0, "bench schema design: \(printed.errors)")
        let committed = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/design-figures.md"), encoding: .utf8)
        #expect(committed == printed.output, "docs/design-figures.md differs from 'bench schema design': regenerate it")
        // The limits a user meets first are in it, as the docs write them.
        for figure in ["4 GiB", "256 MiB", "64 KiB", "1 to 86,400 s", "150 × 40 ms", "+1.5%, cases of 20 ms or more"] {
            #expect(printed.output.contains("| \(figure)"), "bench schema design leaves out \(figure)")
        }
    }
}
