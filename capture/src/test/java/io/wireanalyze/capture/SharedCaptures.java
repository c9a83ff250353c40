package io.wireanalyze.capture;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.fail;

/** The public captures in {@code <repo>/../shared/public-captures}, found from the working directory up. */
public final class SharedCaptures {

    private SharedCaptures() {}

    public static Path dir() {
        Path start = Path.of("").toAbsolutePath();
        for (Path p = start; p != null; p = p.getParent()) {
            Path candidate = p.resolve("shared").resolve("public-captures");
            if (Files.isDirectory(candidate)) return candidate;
        }
        return fail("shared/public-captures not found in " + start + " or any parent (expected: the repository's"
                + " sibling folder <repo>/../shared, as in the work tree and in CI's clone)");
    }

    public static Path file(String relative) {
        Path f = dir().resolve(relative);
        if (!Files.isRegularFile(f)) fail("shared capture " + f + " is missing");
        return f;
    }
}
