import CSketchdLWS

/// Returns memory the allocator holds but no longer uses to the system (glibc keeps freed
/// heap, per thread arena, until asked).
enum HeapTrim {
    static func returnFreeMemory() { sketchd_trim_heap() }
}
