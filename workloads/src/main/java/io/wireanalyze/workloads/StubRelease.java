package io.wireanalyze.workloads;

/** What a client does with its remote reference after its calls (and after the plan's hold time). */
public enum StubRelease {
    /**
     * Keep the reference until the client JVM exits. For JRMP the server sees no DGC clean call: the
     * client's lease simply expires ({@code java.rmi.dgc.leaseValue} on the server).
     */
    AT_EXIT,
    /**
     * Drop the reference and run the garbage collector until the client's DGC has sent its clean call
     * (bounded; see {@code io.wireanalyze.workloads.jrmp.DgcRelease}).
     */
    DROP_AND_GC
}
