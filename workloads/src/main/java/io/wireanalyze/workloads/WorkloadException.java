package io.wireanalyze.workloads;

/**
 * A workload could not be run: a JVM would not launch, a server died or timed out before READY, a client
 * timed out, a result file was unreadable. The message is one line and includes the process's stderr tail.
 */
public class WorkloadException extends Exception {
    public WorkloadException(String message) {
        super(message);
    }

    public WorkloadException(String message, Throwable cause) {
        super(message, cause);
    }
}
