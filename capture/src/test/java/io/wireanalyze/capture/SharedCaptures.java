package io.wireanalyze.capture;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * The public captures in {@code <repo>/fixtures/public} ({@link io.wireanalyze.testing.TestCaptures#publicCaptures()}):
 * a missing one fails the test.
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
