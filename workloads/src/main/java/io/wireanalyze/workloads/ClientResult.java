package io.wireanalyze.workloads;

import java.util.List;

/**
 * What a client run produced: every call record of every client (client 0's first, each in call order)
 * and how each client JVM exited.
 */
public record ClientResult(List<CallRecord> calls, List<ClientExit> exits) {

    public ClientResult {
        calls = List.copyOf(calls);
        exits = List.copyOf(exits);
    }

    /** 0 when every client exited 0, else the first non-zero exit code. */
    public int exitCode() {
        return exits.stream().mapToInt(ClientExit::exitCode).filter(c -> c != 0).findFirst().orElse(0);
    }

    public boolean succeeded() {
        return exitCode() == 0;
    }

    /** The records of one kind, e.g. {@link CallKind#MEASURED}, in order. */
    public List<CallRecord> calls(CallKind kind) {
        return calls.stream().filter(c -> c.kind() == kind).toList();
    }
}
