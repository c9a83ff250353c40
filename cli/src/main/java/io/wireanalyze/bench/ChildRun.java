package io.wireanalyze.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs one command as a process of its own and measures it: wall time from start to exit, and peak resident memory.
 * The peak RSS is the kernel's maximum for the process ({@code /usr/bin/time -f %M} when present, else VmHWM read
 * from {@code /proc/<pid>/status}); it counts the pages of a memory-mapped capture file too. The peak anonymous RSS
 * (heap, stacks, native memory: not the file) is RssAnon read every 20 ms, so it can miss a peak shorter than that.
 *
 * @param command     what ran
 * @param exit        exit code; -1 when it was stopped at the time limit
 * @param seconds     wall time
 * @param peakKib     peak RSS in KiB; 0 when not known
 * @param peakAnonKib peak anonymous RSS in KiB, sampled; 0 when not known
 * @param err         the last line it wrote to standard error, for a failure's message
 */
record ChildRun(List<String> command, int exit, double seconds, long peakKib, long peakAnonKib, String err) {

    static final Path TIME = Path.of("/usr/bin/time");
    static final long POLL_MILLIS = 20;

    boolean ok() {
        return exit == 0;
    }

    boolean timedOut() {
        return exit == -1;
    }

    /**
     * Runs {@code command} with standard output into {@code stdout} and standard error into {@code stderr}.
     *
     * @param timeoutSeconds stop it after this long (it and every process it started); 0: no limit
     */
    static ChildRun run(List<String> command, Path stdout, Path stderr, long timeoutSeconds) throws IOException, InterruptedException {
        boolean time = Files.isExecutable(TIME);
        Path rss = time ? Files.createTempFile(stderr.getParent(), "rss", ".txt") : null;
        List<String> full = new ArrayList<>();
        if (time) full.addAll(List.of(TIME.toString(), "-f", "%M", "-o", rss.toString()));
        full.addAll(command);
        try {
            long start = System.nanoTime();
            Process p = new ProcessBuilder(full).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
            long peak = 0, anon = 0;
            long measured = time ? -1 : p.pid();   // under /usr/bin/time: its child, once it has one
            boolean done = false;
            long deadline = timeoutSeconds > 0 ? start + TimeUnit.SECONDS.toNanos(timeoutSeconds) : Long.MAX_VALUE;
            while (!done && System.nanoTime() < deadline) {
                if (measured < 0) measured = p.children().findFirst().map(ProcessHandle::pid).orElse(-1L);
                if (measured >= 0) {
                    long[] status = status(measured);
                    peak = Math.max(peak, status[0]);
                    anon = Math.max(anon, status[1]);
                }
                done = p.waitFor(POLL_MILLIS, TimeUnit.MILLISECONDS);
            }
            if (!done) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor();
                return new ChildRun(command, -1, (System.nanoTime() - start) / 1e9, 0, anon, lastLine(stderr));
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            if (time) peak = Math.max(peak, timeKib(rss));
            return new ChildRun(command, p.exitValue(), seconds, peak, anon, lastLine(stderr));
        } finally {
            if (rss != null) Files.deleteIfExists(rss);
        }
    }

    /** VmHWM and RssAnon of a process in KiB; zeros once it is gone. */
    private static long[] status(long pid) {
        long[] out = new long[2];
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmHWM:")) out[0] = Long.parseLong(line.replaceAll("[^0-9]", ""));
                else if (line.startsWith("RssAnon:")) out[1] = Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        } catch (IOException | NumberFormatException e) {
            // gone between the poll and the read: its last reading stands
        }
        return out;
    }

    /** /usr/bin/time's %M: the last line that is a number (a killed child adds a line before it). */
    private static long timeKib(Path rss) throws IOException {
        long kib = 0;
        for (String line : Files.readAllLines(rss)) if (line.strip().matches("[0-9]+")) kib = Long.parseLong(line.strip());
        return kib;
    }

    private static String lastLine(Path file) throws IOException {
        String last = "";
        for (String line : Files.readAllLines(file, java.nio.charset.StandardCharsets.ISO_8859_1)) {
            if (!line.isBlank() && !line.startsWith("Running as user")) last = line.strip();
        }
        return last;
    }
}
