import GIFFrameBench

// `custom-player` is `bench` with one more player, `budget-8mib`: `custom-player run --policies budget-8mib,kingfisher`.
// With no arguments it plays its own cases: the player beside Kingfisher's and eager, in real time on a small phone.
Harness.main([.rule("budget-8mib", summary: "8 MiB of frames ahead") { BudgetRule(frameCount: $0, frameBytes: $1) }],
             defaultArguments: ["run", "--gif", "sticker-240x240x60", "--policies", "budget-8mib,kingfisher,eager", "--mode", "realtime",
                                "--device", "iphone-se-2", "--repetitions", "1", "--out", "custom-player-results"])
