import Glibc

/// `--plant-page-faults SIZE`: a regression only the kernel's counts can see. Once per loop it touches SIZE of fresh
/// anonymous pages one page at a time, giving each back to the kernel (`MADV_DONTNEED`) before the next, as a player
/// that returned a frame buffer after each loop would. About SIZE ÷ 4 KiB minor faults a loop, a store and a system
/// call a page (no instructions' worth a gate sees), no `malloc`, and a resident page at most.
enum PlantedPageFaults {
    static func touch(bytes: Int, loops: Int) {
        let page = max(Int(sysconf(Int32(_SC_PAGESIZE))), 4096)
        guard bytes > 0, let mapped = mmap(nil, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), mapped != MAP_FAILED else { return }
        defer { munmap(mapped, page) }
        let pointer = mapped.assumingMemoryBound(to: UInt8.self)
        for touch in 0..<(max(loops, 1) * (bytes + page - 1) / page) {
            // A store alone: a read first (as `+= 1` is, unoptimised) would fault the zero page in, then copy it.
            pointer.pointee = UInt8(truncatingIfNeeded: touch)
            _ = madvise(mapped, page, MADV_DONTNEED)
        }
    }
}
