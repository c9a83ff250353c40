package io.wireanalyze.workloads;

/** The outcome of waiting for a line on a child's stdout. */
public sealed interface LineWait {
    /** The first retained line that matched. */
    record Found(String line) implements LineWait {}
    /** The stream closed (the process exited) without a matching line. */
    record Ended() implements LineWait {}
    /** The timeout passed without a matching line. */
    record TimedOut() implements LineWait {}
}
