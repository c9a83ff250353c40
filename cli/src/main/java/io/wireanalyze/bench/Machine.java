package io.wireanalyze.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** What the figures were measured on: cores, memory, CPU, Java, tshark. */
record Machine(int cores, long memoryKib, String cpu, String java, String os, String tshark) {

    static Machine here() {
        String java = System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version");
        String os = System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch");
        return new Machine(Runtime.getRuntime().availableProcessors(), procNumber("/proc/meminfo", "MemTotal"),
                procText("/proc/cpuinfo", "model name"), java, os, Tshark.version());
    }

    /** Lines for the top of the report. */
    String describe() {
        return String.format(Locale.ROOT, "machine: %d cores, %.1f GiB memory, %s%nos: %s%njava: %s%ntshark: %s",
                cores, memoryKib / 1024.0 / 1024.0, cpu, os, java, tshark);
    }

    private static long procNumber(String file, String key) {
        String v = procText(file, key);
        try {
            return Long.parseLong(v.replaceAll("[^0-9]", ""));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The value of the first {@code key: value} line of a /proc file, or "unknown". */
    private static String procText(String file, String key) {
        try {
            for (String line : Files.readAllLines(Path.of(file))) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).strip().equals(key)) return line.substring(colon + 1).strip();
            }
        } catch (IOException e) {
            // not Linux: said as unknown
        }
        return "unknown";
    }
}
