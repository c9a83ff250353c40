package io.wireanalyze.workloads;

/** Which side of a workload a child JVM is on: a server runs where its {@link Placement} puts servers. */
public enum JvmSide {
    SERVER,
    CLIENT
}
