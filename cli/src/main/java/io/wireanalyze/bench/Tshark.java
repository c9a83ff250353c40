package io.wireanalyze.bench;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Where tshark is, and which one. */
final class Tshark {

    private Tshark() {
    }

    /** tshark on the PATH, or null. */
    static Path find() {
        String path = System.getenv("PATH");
        if (path == null) return null;
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) continue;
            Path p = Path.of(dir, "tshark");
            if (Files.isExecutable(p)) return p;
        }
        return null;
    }

    static boolean installed() {
        return find() != null;
    }

    /** The first line of {@code tshark --version}, or why there is none. */
    static String version() {
        Path t = find();
        if (t == null) return "not installed";
        try {
            Process p = new ProcessBuilder(t.toString(), "--version").redirectErrorStream(true).start();
            String first = null;
            try (var r = p.inputReader(StandardCharsets.UTF_8)) {
                // As root tshark first warns that it runs as root.
                for (String l = r.readLine(); l != null; l = r.readLine()) {
                    if (first == null && !l.isBlank() && !l.startsWith("Running as user")) first = l;
                }
            }
            p.waitFor(30, TimeUnit.SECONDS);
            return first == null ? "(no version printed)" : first.strip();
        } catch (Exception e) {
            return "(" + e.getMessage() + ")";
        }
    }
}
