/// Downscales RGBA8 frames by area averaging (a box filter over exact pixel coverage): each display pixel is the
/// mean of the source area it covers, fractional edge pixels weighted by the part they cover. Colours are averaged
/// premultiplied by alpha, so a transparent pixel's colour does not bleed into its neighbours (Pillow does the
/// same for RGBA). One instance per decoding thread: it owns scratch rows.
final class BoxDownscaler {
    let sourceWidth: Int
    let sourceHeight: Int
    let width: Int
    let height: Int
    private let columns: AxisWeights
    private let rows: AxisWeights
    /// One source row averaged over each display column, premultiplied: `width` sums.
    private let rowSums: UnsafeMutablePointer<SIMD4<Float>>
    /// The display row being built from weighted `rowSums`: `width` sums.
    private let accumulated: UnsafeMutablePointer<SIMD4<Float>>

    init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) {
        precondition(width >= 1 && height >= 1 && width <= sourceWidth && height <= sourceHeight)
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.width = width
        self.height = height
        columns = AxisWeights(source: sourceWidth, target: width)
        rows = AxisWeights(source: sourceHeight, target: height)
        rowSums = .allocate(capacity: width)
        rowSums.initialize(repeating: SIMD4(), count: width)
        accumulated = .allocate(capacity: width)
        accumulated.initialize(repeating: SIMD4(), count: width)
    }

    deinit {
        rowSums.deallocate()
        accumulated.deallocate()
    }

    /// The bytes of one display-sized frame.
    var frameBytes: Int { width * height * 4 }

    /// Writes the downscaled `source` (sourceWidth × sourceHeight RGBA8) into `destination` (width × height RGBA8).
    func scale(_ source: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer) {
        precondition(source.count >= sourceWidth * sourceHeight * 4 && destination.count >= frameBytes)
        for y in 0..<height {
            accumulated.update(repeating: SIMD4(), count: width)
            var sourceRow = rows.starts[y]
            for k in rows.range(of: y) {
                sumRow(source, row: sourceRow)
                let rowWeight = rows.weights[k]
                for x in 0..<width { accumulated[x] += rowSums[x] * rowWeight }
                sourceRow += 1
            }
            for x in 0..<width {
                destination.storeBytes(of: Self.straightPixel(accumulated[x]).littleEndian,
                                       toByteOffset: (y * width + x) * 4, as: UInt32.self)
            }
        }
    }

    /// A premultiplied (r·a, g·a, b·a, a) sum as straight RGBA8, rounded, packed red in the low byte; fully transparent
    /// as 0, 0, 0, 0.
    private static func straightPixel(_ sum: SIMD4<Float>) -> UInt32 {
        let alpha = sum.w
        guard alpha >= 0.5 else { return 0 }
        let unpremultiply = 1 / alpha
        return byte(sum.x * unpremultiply) | byte(sum.y * unpremultiply) << 8 | byte(sum.z * unpremultiply) << 16 | byte(alpha) << 24
    }

    /// `value` rounded to the nearest of 0…255.
    private static func byte(_ value: Float) -> UInt32 { UInt32(min(max(value, 0), 255) + 0.5) }

    /// `rowSums` ← source row `row` averaged over each display column, colours premultiplied by alpha.
    private func sumRow(_ pixels: UnsafeRawBufferPointer, row: Int) {
        let base = pixels.baseAddress! + row * sourceWidth * 4
        for x in 0..<width {
            var sum = SIMD4<Float>()
            var pixel = base + columns.starts[x] * 4
            for k in columns.range(of: x) {
                let bytes = unsafeBitCast(pixel.loadUnaligned(as: UInt32.self) & UInt32(littleEndian: 0x00FF_FFFF) | UInt32(littleEndian: 0x0100_0000), to: SIMD4<UInt8>.self)
                // (r, g, b, 1) × alpha × weight: premultiplied colour, and the alpha itself in the last lane.
                let alpha = Float(pixel.load(fromByteOffset: 3, as: UInt8.self)) * columns.weights[k]
                sum += SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: bytes)) * alpha
                pixel += 4
            }
            rowSums[x] = sum
        }
    }

}

/// For each display pixel along one axis, the source pixels it covers and the share of it each covers (summing to
/// 1): display pixel i spans [i × source ÷ target, (i + 1) × source ÷ target) in source pixels, computed in integers.
final class AxisWeights {
    /// The first source pixel display pixel i covers.
    let starts: UnsafeMutableBufferPointer<Int>
    /// Display pixel i's weights are `weights[ends[i - 1] ..< ends[i]]`, one per source pixel from `starts[i]`.
    private let ends: UnsafeMutableBufferPointer<Int>
    let weights: UnsafeMutableBufferPointer<Float>

    init(source: Int, target: Int) {
        var starts: [Int] = [], ends: [Int] = [], weights: [Float] = []
        for i in 0..<target {
            // In units of 1 ÷ target of a source pixel: the display pixel covers [i × source, (i + 1) × source).
            let low = i * source, high = (i + 1) * source
            let first = low / target, last = (high - 1) / target
            starts.append(first)
            for j in first...last {
                let covered = min(high, (j + 1) * target) - max(low, j * target)
                weights.append(Float(covered) / Float(source))
            }
            ends.append(weights.count)
        }
        self.starts = .allocate(capacity: target)
        _ = self.starts.initialize(from: starts)
        self.ends = .allocate(capacity: target)
        _ = self.ends.initialize(from: ends)
        self.weights = .allocate(capacity: weights.count)
        _ = self.weights.initialize(from: weights)
    }

    deinit {
        starts.deallocate()
        ends.deallocate()
        weights.deallocate()
    }

    /// The indices in ``weights`` of display pixel `i`'s source pixels, from ``starts``[i] on.
    func range(of i: Int) -> Range<Int> { (i == 0 ? 0 : ends[i - 1])..<ends[i] }
}
