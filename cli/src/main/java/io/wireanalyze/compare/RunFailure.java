package io.wireanalyze.compare;

import java.util.Objects;

/** A run that did not finish, with the one-line reason. */
public record RunFailure(RunKey key, String reason) {
    public RunFailure {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(reason, "reason");
    }
}
