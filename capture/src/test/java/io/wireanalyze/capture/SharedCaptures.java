package io.wireanalyze.capture;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * The public captures in {@code <repo>/../shared/public-captures}: {@link io.wireanalyze.testing.TestCaptures}'s
 * (skipped with a message without them, failing only under CI).
 */
public final class SharedCaptures {

    private SharedCaptures() {}

    public static Path dir() {
        return io.wireanalyze.testing.TestCaptures.publicCaptures();
    }

    public static Path file(String relative) {
        Path f = dir().resolve(relative);
        if (!Files.isRegularFile(f)) fail("shared capture " + f + " is missing");
        return f;
    }
}
