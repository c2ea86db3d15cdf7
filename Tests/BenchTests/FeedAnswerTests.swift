import BenchCore
import BenchReports
import BenchRunning
import CaseModel
import Testing

/// What `feed.md` tells a developer: a library to pick, and the models a phone could not hold.
@Suite struct FeedAnswerTests {
    static func result(_ model: String, peak: Int, stalls: Int = 0) -> FeedResult {
        var result = FeedResult(feed: FeedCase(model: model, gifs: [], players: 6, seconds: 12, device: "iphone-se-2"))
        result.allocatedPeak = peak
        var player = FeedPlayerSummary(player: 0, gif: "g")
        player.stalls = stalls
        result.players = [player]
        return result
    }

    @Test("the budget's recommendation is the cheapest library that fits, not this project's decoder; peaks past the device's free memory are named")
    func libraryRecommendedAndDeviceLimits() {
        let report = FeedReport(metadata: .current(command: "test"), results: [
            Self.result("eager", peak: 1900 << 20), Self.result("windowed w=4", peak: 60 << 20), Self.result("kingfisher", peak: 90 << 20),
            Self.result("flanimatedimage", peak: 40 << 20, stalls: 1074),
        ], budget: 100 << 20, incomplete: false)
        let text = FeedMarkdownReporter.render(report, chart: nil)
        #expect(text.contains("Recommended: kingfisher, the cheapest library that fits."), "\(text)")
        #expect(text.contains("windowed w=4 (this project's decoder) needs 60.0 MiB, against 90.0 MiB."), "\(text)")
        #expect(text.contains("**Past iphone-se-2's free memory (1.0 GiB):** eager (1.9 GiB)."), "\(text)")
        #expect(text.contains("decode speed, and so the stalls, are this host's"), "\(text)")
    }
}
