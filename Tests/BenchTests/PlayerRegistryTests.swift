import BenchPlan
import BenchRunning
import CaseModel
import FrameDecoders
import TestFixtures
import Testing
import PlayerModels

/// The registry of a harness's players is a value: what parses, resolves and plays a registered player is what it was
/// handed, and a side handed none knows no such player.
@Suite("Registered players as a value")
struct PlayerRegistryTests {
    /// Kingfisher's rule at three frames ahead, under a name of its own, as a harness would register it.
    static let player = RegisteredPlayer(name: "kf3", summary: "three frames ahead", making: .rule { frameCount, _ in
        KingfisherRule(frameCount: frameCount, framePreloadCount: 3)
    })
    static let registry = PlayerRegistry([player])
    static let memory = MachineMemory(physicalBytes: 8 << 30, availableBytes: 2 << 30)

    @Test("--policies takes a player of the registry it is given, and only then; its window is asked when resolved")
    func parsesAndResolves() throws {
        #expect(throws: UsageError.self) { try DecoderSetting(parsing: "kf3") }
        let setting = try DecoderSetting(parsing: "kf3", players: Self.registry)
        #expect(setting == .registered(Self.player) && setting.description == "kf3")
        #expect(DecoderSetting.names(players: Self.registry).hasSuffix("budget:SIZE, kf3"))
        #expect(!DecoderSetting.names().contains("kf3"))
        let choice = setting.decoder(frameBytes: 64 * 64 * 4, frameCount: 24, memory: Self.memory)
        #expect(choice == .registered(name: "kf3", frameBytes: 64 * 64 * 4, framesAhead: 3))
        #expect(choice.windowColumn(frameCount: 24) == 3, "a report shows the window without a registry")
        #expect(choice.playsARule(players: Self.registry) && !choice.playsARule(players: .none))
    }

    @Test("the child plays a registered player with the registry it is handed, and names the player it lacks",
          .enabled(if: Fixtures.jemallocServes, Comment(rawValue: Fixtures.jemallocSkipReason)))
    func childPlaysWithItsRegistry() throws {
        let decoder = DecoderChoice.registered(name: "kf3", frameBytes: 64 * 64 * 4, framesAhead: 3)
        let benchCase = BenchCase(gif: "fire", path: ChildBinary.fixtureGIF, decoder: decoder, loops: 1)
        let played = CaseRunner(launcher: InProcessLauncher(players: Self.registry), timeout: 60).run(benchCase)
        #expect(played.failure == nil, "\(played.failure ?? "")")
        #expect(played.frames > 0 && !played.framesHash.isEmpty)
        let alone = CaseRunner(launcher: InProcessLauncher(), timeout: 60).run(benchCase)
        #expect(alone.failure?.contains("no player of this name is registered in this program") == true,
                "\(alone.failure ?? "no failure")")
    }
}
