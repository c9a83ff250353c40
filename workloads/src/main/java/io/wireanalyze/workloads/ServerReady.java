package io.wireanalyze.workloads;

/**
 * A started workload server.
 *
 * @param pid  the server JVM's process id
 * @param line the READY line it printed, e.g. {@code READY registry=1099 object=1100}
 */
public record ServerReady(long pid, String line) {
}
