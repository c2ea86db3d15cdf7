import CaseModel
import BenchPlan
import BenchReports
import BenchRunning
import BenchCore
import Foundation
import SystemFiles
import Testing

@Suite("Reports and statistics")
struct ReportTests {
    static func sampleResult(decoder: DecoderChoice, repetition: Int, cpu: Double, peak: Int) -> CaseResult {
        var result = CaseResult(benchCase: BenchCase(gif: "a,\"b\"", path: "/x.gif", decoder: decoder, loops: 2, repetition: repetition))
        result.width = 10; result.height = 10; result.frames = 5; result.fileBytes = 100
        result[.cpuTotal] = cpu; result[.wall] = cpu
        result[.jemallocAllocatedPeak] = Double(peak); result[.rssPeak] = Double(peak)
        result.framesHash = "0123456789abcdef"
        return result
    }

    @Test("the child's reply, written without Foundation, decodes as the same result")
    func jsonRoundTrip() throws {
        var result = Self.sampleResult(decoder: .windowed(.frames(3)), repetition: 2, cpu: 0.25, peak: 1234)
        result.failure = "quote \" backslash \\ newline \n tab \t"
        result[.frameDecodeP99] = .nan
        let text = try JSONWriter.encode(ChildReply.played(result: result))
        let reply: ChildReply = try CaseRunner.decodeReply(Data(text.utf8))
        let decoded = try #require(reply.caseResult)
        #expect(reply.feedResult == nil)
        #expect(decoded.benchCase == result.benchCase)
        #expect(decoded.failure == result.failure)
        #expect(decoded[.cpuTotal] == 0.25)
        #expect(decoded[.jemallocAllocatedPeak] == 1234)
        #expect(decoded[.frameDecodeP99].isNaN)
        #expect(decoded.timeline == nil)
    }

    @Test("a case survives the trip through the child's command line")
    func caseArguments() {
        for decoder in [DecoderChoice.eager, .windowed(.frames(7)), .calibration(bytes: 99)] {
            let original = BenchCase(gif: "g", path: "/p q.gif", decoder: decoder, loops: 3, repetition: 2,
                                     samplerInterval: 0.002, injectedFault: decoder == .eager ? .hang : nil)
            #expect(BenchCase(arguments: original.arguments) == original)
        }
        #expect(BenchCase(arguments: ["--gif"]) == nil)
        #expect(BenchCase(arguments: ["--decoder", "lazy"]) == nil)
    }

    @Test("CSV follows RFC 4180 and the documented column names")
    func csv() {
        let report = RunReport(metadata: RunMetadata.current(command: "test"),
                               results: [Self.sampleResult(decoder: .eager, repetition: 1, cpu: 1, peak: 10)])
        let lines = CSVReporter.render(report).components(separatedBy: "\r\n")
        let header = lines[0].split(separator: ",").map(String.init)
        for column in ["gif", "width", "height", "frames", "file_bytes", "decoder", "window", "loops", "mode", "repetition",
                       "cpu_user_s", "cpu_sys_s", "cpu_total_s", "wall_s", "jemalloc_allocated_peak_bytes",
                       "jemalloc_active_peak_bytes", "jemalloc_resident_peak_bytes", "rss_peak_bytes", "frame_bytes_theoretical",
                       "retained_after_release_bytes", "malloc_count", "first_frame_s", "frame_decode_p50_s",
                       "frame_decode_p99_s", "stalls", "frames_hash"] {
            #expect(header.contains(column), "missing column \(column)")
        }
        // Eager holds every frame: it has no window, and its cell is empty rather than the frame count.
        #expect(lines[1].hasPrefix("\"a,\"\"b\"\"\",10,10,5,100,eager,,eager,2,throughput,1,"))
        #expect(lines[1].hasSuffix(",eager"), "the setting as the tables name it, last")
        #expect(Format.csvField("plain") == "plain")
        #expect(Format.csvField("a\nb") == "\"a\nb\"")
    }

    @Test("summaries take medians and ratios windowed ÷ eager")
    func summaries() {
        let results = [
            Self.sampleResult(decoder: .eager, repetition: 1, cpu: 1.0, peak: 1000),
            Self.sampleResult(decoder: .eager, repetition: 2, cpu: 3.0, peak: 1000),
            Self.sampleResult(decoder: .eager, repetition: 3, cpu: 2.0, peak: 1000),
            Self.sampleResult(decoder: .windowed(.frames(4)), repetition: 1, cpu: 4.0, peak: 50),
        ]
        let report = RunReport(metadata: RunMetadata.current(command: "test"), results: results)
        #expect(report.summaries.count == 2)
        let eager = report.summaries[0]
        #expect(eager.median(.cpuTotal) == 2.0)
        #expect(eager.metrics["cpu_total_s"]?.min == 1.0 && eager.metrics["cpu_total_s"]?.max == 3.0)
        #expect(eager.cpuPerLoop == 1.0)
        let interval = try! #require(eager.metrics["cpu_total_s"]?.interval)
        #expect(interval.lower >= 1.0 && interval.upper <= 3.0 && interval.lower <= 2.0 && interval.upper >= 2.0)
        let markdown = MarkdownReporter.render(report)
        #expect(markdown.contains("peak allocated 0.05× (20.0× less)"))
        #expect(markdown.contains("CPU per loop 2.00×"))
    }

    @Test("statistics: median, percentile and a reproducible bootstrap")
    func statistics() {
        #expect(Statistics.median([3, 1, 2]) == 2)
        #expect(Statistics.median([4, 1, 2, 3]) == 2.5)
        #expect(Statistics.percentile([0, 10], 0.99) == 9.9)
        #expect(Statistics.median([]) == 0)
        let values: [Double] = [1.0, 1.1, 0.9, 1.05, 0.95, 1.2, 0.8]
        #expect(Statistics.bootstrapMedianInterval(values) == Statistics.bootstrapMedianInterval(values))
        let interval = Statistics.bootstrapMedianInterval(values)
        #expect(interval.lower < 1.0 && interval.upper > 1.0)
    }

    @Test("the bootstrap interval of a median, on samples of a known distribution, covers the true median about 95% of the time and is as wide as theory says")
    func bootstrapAgainstNormal() {
        // 100 samples of 25 values from N(0, 1): the median's standard error is √(π/2)/√25 ≈ 0.251, so a 95% interval
        // is about 2 × 1.96 × 0.251 ≈ 0.98 wide; the true median is 0. A sample's min..max would be about 4 wide.
        var generator = SplitMix64(seed: 2026)
        func normal() -> Double {
            let u = max(Double(generator.next() >> 11) / Double(1 << 53), .leastNonzeroMagnitude), v = Double(generator.next() >> 11) / Double(1 << 53)
            return (-2 * Foundation.log(u)).squareRoot() * Foundation.cos(2 * .pi * v)
        }
        var covered = 0, widths: [Double] = []
        for _ in 0..<100 {
            let sample = (0..<25).map { _ in normal() }
            let interval = Statistics.bootstrapMedianInterval(sample)
            if interval.lower <= 0 && 0 <= interval.upper { covered += 1 }
            widths.append(interval.upper - interval.lower)
        }
        let width = Statistics.median(widths)
        #expect((85...100).contains(covered), "covered the true median \(covered) times in 100")
        #expect(width > 0.6 && width < 1.4, "median width \(width), theory about 0.98")
    }

    @Test("figures carry their units")
    func formatting() {
        #expect(Format.bytes(311_040_000) == "296.6 MiB")
        #expect(Format.bytes(512) == "512 B")
        #expect(Format.duration(1.5) == "1.50 s")
        #expect(Format.duration(0.0123) == "12.3 ms")
        #expect(Format.duration(0.000045) == "45 µs")
        #expect(Format.percent(-0.042) == "-4.2%")
        #expect(Format.seconds(0.1234567) == "0.123457")
    }

    @Test("a report is published as one unit with its manifest; only the earlier report's own files are removed; an unwritable directory is a clear error")
    func writing() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gfb-report-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try ReportWriter.write([("a.txt", Data("one".utf8)), ("charts/old.svg", Data("<svg/>".utf8))], to: directory)
        #expect(FileManager.default.createFile(atPath: directory + "/charts/mine.svg", contents: Data("<svg/>".utf8)))
        try ReportWriter.write([("a.txt", Data("two".utf8))], to: directory)
        #expect(try String(contentsOfFile: directory + "/a.txt", encoding: .utf8) == "two")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == [ReportDirectory.manifestName, "a.txt", "charts"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/charts") == ["mine.svg"])
        #expect(ReportDirectory.verify(Array("two".utf8), in: directory, name: "a.txt") == nil)
        #expect(ReportDirectory.verify(Array("one".utf8), in: directory, name: "a.txt") != nil)
        #expect(throws: WriteFailure.self) { try ReportWriter.write([("a.txt", Data())], to: "/proc/no-such-dir/out") }
    }
}
