import BenchPlan
import Testing

/// An answer reads against eager and the library's default: a run adds them when the user named neither.
@Suite("Reference settings beside a sweep")
struct ReferenceSettingsTests {
    @Test("a window sweep gains eager; a library sweep gains eager and the library's default; named ones are not added twice")
    func references() throws {
        #expect(Suite.references(besides: [.windowed(.frames(2)), .windowed(.frames(8))]) == [.eager])
        let preloads = try DecoderSetting.parsingSweep("kingfisher:preload=1..3")
        #expect(Suite.references(besides: preloads) == [.eager, .kingfisher])
        #expect(Suite.references(besides: preloads + [.kingfisher, .eager]).isEmpty)
        let pool = try DecoderSetting(parsing: "sdwebimage:max-buffer=8MiB")
        let cache = try DecoderSetting(parsing: "flanimatedimage:cache-max=3")
        #expect(Suite.references(besides: [.eager, pool, cache]) == [.sdwebimage, .flanimatedimage])
        #expect(Suite.references(besides: [.eager, .ylgifimage, .budget(bytes: 1 << 20)]).isEmpty,
                "a library at its defaults and a budget have no other default")
    }
}
