#if canImport(Glibc)
import Glibc
#endif

/// A fault planted in the product on purpose, to prove that the test said to guard against it fails
/// (mutation testing; `Tests/Scripts/mutants.sh` plants each in turn and expects its guard to fail).
///
/// A fault can be planted only in a build made with `GIF_FRAME_BENCH_MUTANTS=1` in the environment (which
/// defines `MUTANTS` for this module); there, `GIF_FRAME_BENCH_MUTANT=NAME` plants one for the process and its
/// children. In every other build `isPlanted` is the constant `false`, which the optimiser removes with the branch.
public enum Mutant: String, CaseIterable, Sendable {
    /// `CPUTimes.process` reads the monotonic (wall) clock instead of the process's CPU clock.
    case cpuClockReadsWallClock = "cpu-clock-reads-wall-clock"
    /// The memory sampler's peaks are its last sample, not the largest.
    case samplerKeepsLastSample = "sampler-keeps-last-sample"
    /// The indexed decoder's compositor ignores the indices it kept and decodes the LZW again on every loop.
    case indexedDecodesAgain = "indexed-decodes-again"
    /// The windowed decoder allocates one frame buffer more than its rule (window + 1 buffers).
    case windowedExtraBuffer = "windowed-extra-buffer"
    /// The fast LZW decoder gets the last index of every frame wrong (one bit flipped).
    case fastCodecWrongIndex = "fast-codec-wrong-index"
    /// The compositor treats "restore to previous" (disposal 3) as "keep" (disposal 1).
    case restorePreviousKept = "restore-previous-kept"
    /// Drawing into a frame's own buffer skips the copy of the canvas before it for every frame, not only those that
    /// cover the screen: pixels outside a frame's rectangle, or under its transparent index, are left unwritten.
    case everyFrameDrawnAlone = "every-frame-drawn-alone"
    /// A screen-covering frame whose drawing stops early is kept as drawn into its own buffer: the rows it did not
    /// reach are left unwritten instead of showing the canvas before it.
    case stoppedFrameLeftAlone = "stopped-frame-left-alone"
    /// A frame drawn into its own buffer after a disposal-2 frame takes the screen for all transparent even when that
    /// frame cleared only part of it.
    case partClearedTakenForBlank = "part-cleared-taken-for-blank"
    /// A frame drawn over the last one into its own buffer leaves the rows its data did not reach unwritten instead of
    /// showing the last frame there.
    case unreachedRowsLeftUnwritten = "unreached-rows-left-unwritten"
    /// The paired gate's aggregate takes a round's mean log ratio over the GIFs instead of their median.
    case aggregateIsMean = "aggregate-is-mean"
    /// A gate run again with `--confirm` keeps a regression in time the earlier gate did not find.
    case unconfirmedRegressionKept = "unconfirmed-regression-kept"
    /// The frame hash leaves the last pixel of a frame out.
    case frameHashSkipsLastPixel = "frame-hash-skips-last-pixel"
    /// The player does not count a deadline missed by a frame that was not ready as a stall.
    case stallsUncounted = "stalls-uncounted"
    /// The format sniffer does not recognise a GIF87a signature.
    case snifferMissesGIF87a = "sniffer-misses-gif87a"
    /// The cache's store path for an image without its bytes re-encodes only the first frame: the animation is lost.
    case reencodedKeepsFirstFrame = "reencoded-keeps-first-frame"
    /// A summary's bootstrap interval is the sample's minimum to maximum.
    case bootstrapIsMinMax = "bootstrap-is-min-max"
    /// The gate lets an allocated-peak regression of any size pass.
    case gateIgnoresMemory = "gate-ignores-memory"
    /// Baseline validation accepts negative figures (user or system CPU, instructions, file size).
    case validationAcceptsNegative = "validation-accepts-negative"
    /// A report's files are written straight into the report folder, through links, one by one: no staging, no manifest.
    case reportWrittenInPlace = "report-written-in-place"
    /// Destinations are not checked against each other, the inputs or the report's own files.
    case destinationsUnchecked = "destinations-unchecked"
    /// Publishing a report removes every `*.svg` in its charts folder that it did not write, the user's included.
    case everyStaleChartSwept = "every-stale-chart-swept"
    /// The GIF reader keeps every sub-block of an extension, each as its own array, not only the two it reads.
    case extensionSubBlocksKept = "extension-sub-blocks-kept"
    /// `bench` starts without checking or raising the open-file limit (`ulimit -n`).
    case descriptorLimitUnchecked = "descriptor-limit-unchecked"
    /// A case that played bytes other than those the run pinned at its start is kept as if nothing changed.
    case changedBytesPlayed = "changed-bytes-played"
    /// The parent's peak memory is read before the report is built, as it was: building the report is left out.
    case parentPeakBeforeReport = "parent-peak-before-report"
    /// The trade-off chart's Pareto front includes settings that stalled, and circles one that cannot play the GIF.
    case stalledOnParetoFront = "stalled-on-pareto-front"
    /// A chart's axis stays linear from 0 however far its values spread, squashing the small ones against the axis.
    case chartAxisAlwaysLinear = "chart-axis-always-linear"
    /// A library's player is played with its defaults whatever setting the case names (`kingfisher:preload=3` plays 10 ahead).
    case librarySettingIgnored = "library-setting-ignored"
    /// A player file's `keeps` is ignored: the frames it says are never freed are freed like any other.
    case playerFileKeepsIgnored = "player-file-keeps-ignored"

    /// The fault this process plants, read once from `GIF_FRAME_BENCH_MUTANT`; nil in a build without `MUTANTS`.
    public static let planted: Mutant? = {
        #if MUTANTS
        guard let value = getenv("GIF_FRAME_BENCH_MUTANT") else { return nil }
        let name = String(cString: value)
        if name.isEmpty { return nil }
        guard let mutant = Mutant(rawValue: name) else {
            fatalError("GIF_FRAME_BENCH_MUTANT=\(name) names no planted fault; known: \(allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return mutant
        #else
        return nil
        #endif
    }()

    /// This is a mutation build (`GIF_FRAME_BENCH_MUTANTS=1`), made for the tests alone.
    @inlinable public static var isMutationBuild: Bool {
        #if MUTANTS
        return true
        #else
        return false
        #endif
    }

    /// Whether this fault is planted in this process.
    @inlinable public var isPlanted: Bool {
        #if MUTANTS
        return Mutant.planted == self
        #else
        return false
        #endif
    }
}
