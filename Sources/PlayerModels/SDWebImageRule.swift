import FrameDecoders

/// SDWebImage 5's `SDAnimatedImagePlayer` (`SDWebImage/Core/SDAnimatedImagePlayer.m`, SDWebImage/SDWebImage).
///
/// - `maxBufferCount` = `maxBufferSize` ÷ frame bytes when the size is set, else min(20% of physical memory, 60% of
///   free memory) ÷ frame bytes; at least 1 (`-calculateMaxBufferCountWithFrame:`). It caps a pool of frames kept, not
/// a window decoded ahead.
/// - The poster frame (frame 0, the image's own) is in the buffer from the start (`-setupCurrentFrame`).
/// - One frame at a time is fetched on a serial queue (`maxConcurrentOperationCount = 1`, `operationCount == 0`): the
///   next frame when the one due is shown, the due frame itself after a miss (`-prefetchFrameAtIndex:…`).
/// - A shown frame stays in the pool unless the pool is over its cap, when it is removed as it is shown; once the pool
///   holds every frame, fetching stops (`-displayDidRefresh:`).
/// - A frame not decoded in time stops the playhead (`bufferMiss`: the time does not advance).
/// - A memory warning keeps only the frame on screen (`-didReceiveMemoryWarning:`).
public struct SDWebImageRule: RetentionRule {
    public let frameCount: Int
    public let maxBufferCount: Int
    /// The library's name: the `policy` column, `--policies` and the `decoder` column use it.
    public static let name = "sdwebimage"
    public var name: String { Self.name }
    public var summary: String { "a pool of up to \(maxBufferCount) played frames, one fetched at a time; waits "
                                 + "for a late frame" }
    public var source: String { "SDWebImage/SDWebImage SDWebImage/Core/SDAnimatedImagePlayer.m" }
    public var missBehaviour: MissBehaviour { .waitsForFrame }
    public var framesAhead: Int { 1 }
    public var decodedUpFront: [Int] { [0] }
    /// The pool, the frame on screen (removed from a full pool as it is shown) and the next one.
    public var heldFramesBound: Int { min(frameCount, maxBufferCount + 2) }

    public init(frameCount: Int, maxBufferCount: Int) {
        self.frameCount = frameCount
        self.maxBufferCount = max(1, maxBufferCount)
    }

    /// The automatic budget's shares of the device's physical and free memory (`SDAnimatedImagePlayer`).
    public static let physicalShare = 0.2, freeShare = 0.6

    /// The pool's cap for frames of `frameBytes` on a device with `physicalBytes` and `freeBytes`, or within
    /// `maxBufferSize` bytes when it is set (`SDAnimatedImagePlayer.maxBufferSize`; 0, the default, means automatic).
    public static func maxBufferCount(frameBytes: Int, physicalBytes: UInt64, freeBytes: UInt64,
                                      maxBufferSize: Int = 0) -> Int {
        let budget = maxBufferSize > 0 ? Double(maxBufferSize) : min(Double(physicalBytes) * physicalShare,
                                                                     Double(freeBytes) * freeShare)
        return max(1, Int(budget / Double(max(frameBytes, 1))))
    }

    /// A miss fetches the frame due.
    public mutating func due(_ frame: Int, held: Set<Int>) -> RetentionStep {
        held.contains(frame) ? RetentionStep() : RetentionStep(decode: [frame])
    }

    /// Shown once: out of a pool over its cap, and the next frame fetched unless the pool holds every frame.
    public mutating func shown(_ frame: Int, held: Set<Int>) -> RetentionStep {
        let free = held.count > maxBufferCount ? [frame] : []
        let full = held.count - free.count == frameCount
        let next = (frame + 1) % frameCount
        return RetentionStep(decode: !full && !held.contains(next) ? [next] : [], free: free)
    }

    public mutating func memoryWarning(at seconds: Double, due: Int, held: Set<Int>) -> RetentionStep {
        RetentionStep(free: held.subtracting([due]).sorted())
    }
}
