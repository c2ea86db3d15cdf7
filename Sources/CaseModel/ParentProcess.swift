/// A measuring child dies with the `bench` that started it: a killed or hung-up parent must not leave a case running
/// on with nobody to time it out. The parent names itself in the environment; the child ties its lifetime to it.
public enum ParentProcess {
    /// The environment variable through which `bench` names itself to its children.
    public static let environmentKey = "GIF_FRAME_BENCH_PARENT"
}
