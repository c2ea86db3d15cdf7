import CaseModel

extension DecoderChoice {
    /// A library's player named by its rule for a GIF of `frames` frames, with the settings changed from the
    /// library's defaults by its property names: "kingfisher: 10 ahead", "kingfisher (framePreloadCount = 3): 3 ahead",
    /// "sdwebimage: a pool of 2,437 frames: all 150"; nil for a decoder of this package.
    public func libraryLabel(frames: Int) -> String? {
        guard let rule = libraryRule(frames: frames) else { return nil }
        return changes.isEmpty ? "\(name): \(rule)" : "\(name) (\(changes.joined(separator: ", "))): \(rule)"
    }

    /// A library player's rule for a GIF of `frames` frames in a few words: "10 ahead", "a cache of 5 frames", "a
    /// pool of 2,437 frames: all 150" (a pool at least as large as the GIF holds every frame once played); nil for a
    /// decoder of this package.
    public func libraryRule(frames: Int) -> String? {
        let window = windowColumn(frameCount: frames)
        func pool(_ count: Int) -> String {
            "a pool of \(Format.grouped(count)) frame\(count == 1 ? "" : "s")"
                + (count >= frames ? ": all \(Format.grouped(frames))" : "")
        }
        return switch self {
        case .kingfisher, .ylgifimage: "\(Format.grouped(window)) ahead"
        case .flanimatedimage(let size, _): "a cache of \(Format.grouped(size)) frame\(size == 1 ? "" : "s")"
        case .sdwebimage(let count, _): pool(count)
        case .described(let description, let count, let budget):
            description.frees == .overPool ? pool(count)
                : "\(Format.grouped(window)) ahead" + (budget.map { ", all up to \(Format.grouped($0)) frames" } ?? "")
        case .kind, .registered, .calibration: nil
        }
    }
}
