import BenchPlan
import BenchRunning
import BenchCLI
import Testing

@Suite("Command-line arguments")
struct ArgumentListTests {
    @Test("flags, repeated values and --name=value forms are read and removed")
    func parsing() throws {
        var arguments = ArgumentList(["--gif", "a.gif", "--quick", "--gif=b", "--loops", "3", "file"])
        let first = arguments.flag("--quick"), second = arguments.flag("--quick")
        #expect(first && !second)
        #expect(try arguments.values("--gif") == ["a.gif", "b"])
        #expect(try arguments.integer("--loops", in: 1...100) == 3)
        #expect(arguments.positionals() == ["file"])
        try arguments.finish(command: "run")
    }

    @Test("unknown options, missing values and out-of-range numbers are usage errors")
    func errors() {
        let unknown = ArgumentList(["--bogus"])
        #expect(throws: UsageError.self) { try unknown.finish(command: "run") }
        #expect(throws: UsageError.self) { var missing = ArgumentList(["--out"]); _ = try missing.value("--out") }
        #expect(throws: UsageError.self) { var zero = ArgumentList(["--loops", "0"]); _ = try zero.integer("--loops", in: 1...100) }
        #expect(throws: UsageError.self) { var word = ArgumentList(["--loops", "three"]); _ = try word.integer("--loops", in: 1...100) }
    }
}
