import CValgrind

/// Brackets the measured interval for `bench run --instructions`: under Callgrind, every thread's counts are
/// zeroed where the interval starts and dumped where it ends, so the count is the playback's alone, not the
/// process start-up's or the frame hashing's. Outside Valgrind each mark is a few no-op instructions.
enum InstructionMarks {
    static func begin() { gfb_callgrind_zero_stats() }
    static func end() { gfb_callgrind_dump_stats() }
    /// This process runs under Valgrind.
    static var underValgrind: Bool { gfb_running_on_valgrind() != 0 }
}
