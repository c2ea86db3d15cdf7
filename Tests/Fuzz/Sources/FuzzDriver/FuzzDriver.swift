// libFuzzer's driver, for executables whose `main` SwiftPM names `<target>_main`: each target's entry point calls
// `runLibFuzzer` with its own test function.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafeRawPointer, Int) -> CInt) -> CInt

/// Hands the process to libFuzzer, which calls `test` with each input.
public func runLibFuzzer(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                         _ test: @convention(c) (UnsafeRawPointer, Int) -> CInt) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, test)
}
