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
 * from {@code /proc/<pid>/status}); it counts every resident page, the mapped files' (the JDK's, the jar, a class-data
 * archive) too. The peak anonymous RSS (heap, stacks, native memory: not the files) is RssAnon read every 20 ms, so it
 * can miss a peak shorter than that.
 *
 * @param command     what ran
 * @param exit        exit code; -1 when it was stopped at the time limit
 * @param seconds     wall time
 * @param peakKib     peak RSS in KiB; 0 when not known
 * @param peakAnonKib peak anonymous RSS in KiB, sampled; 0 when not known
 * @param err         the last line it wrote to standard error, for a failure's message
 * @param cpu         where its CPU time went; null when not known
 */
record ChildRun(List<String> command, int exit, double seconds, long peakKib, long peakAnonKib, String err, Cpu cpu) {

    static final Path TIME = Path.of("/usr/bin/time");
    static final long POLL_MILLIS = 20;
    /** Threads' CPU times are read every this many polls (200 ms). */
    static final int THREAD_POLLS = 10;

    /**
     * A process's CPU time (user and system, seconds) by what its threads do: the analysis (the main thread, the
     * reading thread and the workers), the JIT compilers, the garbage collector (its threads and the VM thread, which
     * runs its pauses), and the rest. The total is the kernel's for the whole process ({@code /usr/bin/time}'s %U and
     * %S); the groups are each thread's times read every 200 ms while it runs, so the last 200 ms before the exit are
     * in "other".
     */
    record Cpu(double total, double analysis, double jit, double gc) {
        double other() {
            return Math.max(0, total - analysis - jit - gc);
        }
    }

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
        if (time) full.addAll(List.of(TIME.toString(), "-f", "%M %U %S", "-o", rss.toString()));
        full.addAll(command);
        try {
            long start = System.nanoTime();
            Process p = new ProcessBuilder(full).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
            long peak = 0, anon = 0;
            java.util.Map<String, double[]> threads = new java.util.HashMap<>();   // tid -> {group, seconds}
            int polls = 0;
            long measured = time ? -1 : p.pid();   // under /usr/bin/time: its child, once it has one
            boolean done = false;
            long deadline = timeoutSeconds > 0 ? start + TimeUnit.SECONDS.toNanos(timeoutSeconds) : Long.MAX_VALUE;
            while (!done && System.nanoTime() < deadline) {
                if (measured < 0) measured = p.children().findFirst().map(ProcessHandle::pid).orElse(-1L);
                if (measured >= 0) {
                    long[] status = status(measured);
                    peak = Math.max(peak, status[0]);
                    anon = Math.max(anon, status[1]);
                    if (polls++ % THREAD_POLLS == 0) threads(measured, threads);
                }
                done = p.waitFor(POLL_MILLIS, TimeUnit.MILLISECONDS);
            }
            if (!done) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor();
                return new ChildRun(command, -1, (System.nanoTime() - start) / 1e9, 0, anon, lastLine(stderr), null);
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            Cpu cpu = null;
            if (time) {
                double[] t = timeLine(rss);
                peak = Math.max(peak, (long) t[0]);
                if (t[1] >= 0) {
                    double[] groups = new double[4];   // the last, "other", is the total's rest
                    for (double[] g : threads.values()) groups[(int) g[0]] += g[1];
                    cpu = new Cpu(t[1] + t[2], groups[0], groups[1], groups[2]);
                }
            }
            return new ChildRun(command, p.exitValue(), seconds, peak, anon, lastLine(stderr), cpu);
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

    /**
     * /usr/bin/time's "%M %U %S": KiB, user and system seconds, from the last line of that shape (a killed child adds a
     * line before it); -1 for the seconds when there is none.
     */
    private static double[] timeLine(Path rss) throws IOException {
        double[] out = {0, -1, -1};
        for (String line : Files.readAllLines(rss)) {
            String[] f = line.strip().split(" ");
            if (f.length == 3 && f[0].matches("[0-9]+") && f[1].matches("[0-9.]+") && f[2].matches("[0-9.]+"))
                out = new double[]{Long.parseLong(f[0]), Double.parseDouble(f[1]), Double.parseDouble(f[2])};
        }
        return out;
    }

    /**
     * Each thread's CPU seconds so far ({@code /proc/PID/task/TID/stat}, user and system), kept by thread id with its
     * group (0 analysis, 1 JIT, 2 GC, 3 other, by the JVM's thread names).
     */
    private static void threads(long pid, java.util.Map<String, double[]> threads) {
        Path tasks = Path.of("/proc", Long.toString(pid), "task");
        try (var ids = Files.list(tasks)) {
            for (Path t : (Iterable<Path>) ids::iterator) {
                try {
                    String stat = Files.readString(t.resolve("stat"));
                    int open = stat.indexOf('('), close = stat.lastIndexOf(')');
                    String name = stat.substring(open + 1, close);
                    String[] f = stat.substring(close + 2).split(" ");
                    double seconds = (Long.parseLong(f[11]) + Long.parseLong(f[12])) / (double) CLOCK_TICKS;
                    // Spark's task threads ("Executor task launch worker-N", cut to 15 characters) are the analysis too.
                    int group = name.equals("java") || name.startsWith("main") || name.startsWith("wireanalyze-") || name.startsWith("Executor task") ? 0
                            : name.startsWith("C1 Compiler") || name.startsWith("C2 Compiler") ? 1
                            : name.startsWith("GC Thread") || name.equals("VM Thread") || name.startsWith("G1 ") ? 2 : 3;
                    threads.put(t.getFileName().toString(), new double[]{group, seconds});
                } catch (IOException | RuntimeException e) {
                    // the thread ended between the listing and the read: its last reading stands
                }
            }
        } catch (IOException | RuntimeException e) {
            // the process is gone: the last readings stand
        }
    }

    /** The kernel's clock ticks per second for /proc's CPU times (USER_HZ, 100 on Linux). */
    static final long CLOCK_TICKS = 100;

    private static String lastLine(Path file) throws IOException {
        String last = "";
        for (String line : Files.readAllLines(file, java.nio.charset.StandardCharsets.ISO_8859_1)) {
            if (!line.isBlank() && !line.startsWith("Running as user")) last = line.strip();
        }
        return last;
    }
}
