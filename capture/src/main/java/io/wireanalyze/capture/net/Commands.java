package io.wireanalyze.capture.net;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Runs iproute2's {@code ip} and {@code tc}: each failure one line with the command, its exit code and its stderr. */
final class Commands {
    static final String IPROUTE2_MISSING = "iproute2 is not installed (no `ip` or `tc` on the PATH, /usr/sbin or /sbin): "
            + "run `apt-get install iproute2` (as root); ./wireanalyze installs it when run with sudo";
    private static final long TIMEOUT_SECONDS = 30;

    /** What a command said. */
    record Result(int exit, String out, String err) {
        boolean ok() {
            return exit == 0;
        }

        /** stderr (else stdout) on one line. */
        String said() {
            String s = (err.isBlank() ? out : err).strip().replaceAll("\\s*\\R\\s*", "; ");
            return s.isEmpty() ? "(no output)" : s;
        }
    }

    private Commands() {
    }

    /** {@code ip} and {@code tc} are both there; empty, or why not. */
    static Optional<String> missing() {
        return find("ip").isPresent() && find("tc").isPresent() ? Optional.empty() : Optional.of(IPROUTE2_MISSING);
    }

    static Result run(List<String> command) throws NetworkException {
        Path exe = find(command.get(0)).orElseThrow(() -> new NetworkException(IPROUTE2_MISSING));
        List<String> full = new ArrayList<>(command);
        full.set(0, exe.toString());
        try {
            Process p = new ProcessBuilder(full).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
            CompletableFuture<String> out = drain(p.getInputStream());
            CompletableFuture<String> err = drain(p.getErrorStream());
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new NetworkException("`" + String.join(" ", command) + "`: still running after " + TIMEOUT_SECONDS + " s (expected: done at once); killed");
            }
            return new Result(p.exitValue(), out.join(), err.join());
        } catch (IOException e) {
            throw new NetworkException("`" + String.join(" ", command) + "`: cannot run " + exe + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NetworkException("`" + String.join(" ", command) + "`: interrupted", e);
        }
    }

    /** Runs it; anything but exit 0 is {@code `ip link add ...`: exit 2: RTNETLINK answers: File exists}. */
    static Result require(List<String> command) throws NetworkException {
        Result r = run(command);
        if (!r.ok()) throw new NetworkException("`" + String.join(" ", command) + "`: exit " + r.exit() + ": " + r.said() + " (expected: exit 0)");
        return r;
    }

    static Optional<Path> find(String name) {
        List<String> dirs = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) dirs.addAll(List.of(path.split(":")));
        dirs.addAll(List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin"));
        for (String d : dirs) {
            if (d.isEmpty()) continue;
            Path p = Path.of(d, name);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) return Optional.of(p);
        }
        return Optional.empty();
    }

    private static CompletableFuture<String> drain(InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            try (in) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "";
            }
        });
    }
}
