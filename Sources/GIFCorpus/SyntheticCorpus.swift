import GIFCodec

/// The deterministic synthetic corpus: GIFs with many frames, encoded with giflib, byte-identical on every run.
public enum SyntheticCorpus {
    /// Every spec, in report order.
    public static let all: [SyntheticSpec] = [
        SyntheticSpec(name: "kingfisher-720x720x150", width: 720, height: 720, frameCount: 150, delayCentiseconds: 4,
                      scene: .movingBalls(count: 3)),
        SyntheticSpec(name: "feed-480x480x150", width: 480, height: 480, frameCount: 150, delayCentiseconds: 5,
                      scene: .plasma),
        SyntheticSpec(name: "sticker-240x240x60", width: 240, height: 240, frameCount: 60, delayCentiseconds: 6,
                      scene: .sticker),
        SyntheticSpec(name: "emoji-64x64x24", width: 64, height: 64, frameCount: 24, delayCentiseconds: 8,
                      scene: .emoji),
        SyntheticSpec(name: "long-320x240x1000", width: 320, height: 240, frameCount: 1000, delayCentiseconds: 3,
                      scene: .movingBalls(count: 2)),
        SyntheticSpec(name: "short-320x240x100", width: 320, height: 240, frameCount: 100, delayCentiseconds: 3,
                      scene: .movingBalls(count: 2)),
        SyntheticSpec(name: "screencast-800x600x120", width: 800, height: 600, frameCount: 120, delayCentiseconds: 10,
                      scene: .screencast),
        SyntheticSpec(name: "restore-previous-300x300x90", width: 300, height: 300, frameCount: 90,
                      delayCentiseconds: 5, scene: .restorePrevious),
        SyntheticSpec(name: "interlaced-400x300x40", width: 400, height: 300, frameCount: 40, delayCentiseconds: 7,
                      scene: .interlaced),
    ]

    /// The spec called `name`, if any.
    public static func spec(named name: String) -> SyntheticSpec? { all.first { $0.name == name } }

    /// The built-in GIF an argument that is no file names: a name with no folder, `.gif` or not
    /// (`kingfisher-720x720x150`); nil for a path.
    public static func spec(forArgument argument: String) -> SyntheticSpec? {
        guard !argument.contains("/") else { return nil }
        return spec(named: argument.lowercased().hasSuffix(".gif") ? String(argument.dropLast(4)) : argument)
    }

    /// Encodes `spec` into GIF bytes.
    public static func gif(for spec: SyntheticSpec) throws(GIFError) -> [UInt8] {
        try GIFEncoder.encode(SceneRenderer(spec: spec).encoderInput())
    }
}
