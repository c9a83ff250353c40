package io.wireanalyze.workloads;

import java.util.List;
import java.util.Optional;

/**
 * How one client JVM ended.
 *
 * @param client     the client's index, 0-based
 * @param exitCode   0 on success, 1 on failure
 * @param summary    the client's last stdout line (its one-line summary), if it printed one
 * @param stderrTail the last lines it printed on stderr (its one-line error on failure)
 */
public record ClientExit(int client, int exitCode, Optional<String> summary, List<String> stderrTail) {
    public ClientExit {
        stderrTail = List.copyOf(stderrTail);
    }

    public boolean succeeded() {
        return exitCode == 0;
    }
}
