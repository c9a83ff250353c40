package io.wireanalyze.capture.bench;

import io.wireanalyze.capture.CaptureFiles;
import io.wireanalyze.capture.PcapFileSource;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Times {@link PcapFileSource} over a synthetic 1.5 M-packet pcap, written first if absent, or the reader
 * {@link CaptureFiles#open} picks for a file given (e.g. that pcap after {@code editcap -F pcapng}).
 *
 * <pre>
 * java -cp capture/target/classes:decoders/target/classes io.wireanalyze.capture.bench.ReaderBenchmark [FILE.pcap|FILE.pcapng]
 * </pre>
 */
public final class ReaderBenchmark {

    static final long PACKETS = 1_500_000;
    static final int WARM_UP_RUNS = 2;
    static final int TIMED_RUNS = 5;

    private ReaderBenchmark() {}

    public static void main(String[] args) throws IOException {
        Path file = args.length > 0 ? Path.of(args[0])
                : Path.of(System.getProperty("java.io.tmpdir"), "wireanalyze-bench-" + PACKETS + ".pcap");
        if (!Files.exists(file)) {
            long t = System.nanoTime();
            SyntheticPcap.write(file, PACKETS);
            System.out.printf("wrote %s (%,d packets, %,d bytes) in %d ms%n", file, PACKETS, Files.size(file),
                    (System.nanoTime() - t) / 1_000_000);
        }
        long bytes = Files.size(file);
        String reader;
        try (FrameSource source = CaptureFiles.open(file)) {
            reader = source.getClass().getSimpleName();
        }
        for (int i = 0; i < WARM_UP_RUNS; i++) readAll(file);
        double[] rates = new double[TIMED_RUNS];
        for (int i = 0; i < TIMED_RUNS; i++) {
            long t = System.nanoTime();
            Result r = readAll(file);
            double seconds = (System.nanoTime() - t) / 1e9;
            rates[i] = r.frames / seconds;
            System.out.printf("run %d: %,d frames in %.1f ms: %,.0f packets/s, %,.0f MB/s (checksum %d)%s%n", i + 1,
                    r.frames, seconds * 1e3, rates[i], bytes / seconds / 1e6, r.checksum,
                    r.stopReason == null ? "" : "; stopped: " + r.stopReason);
        }
        Arrays.sort(rates);
        System.out.printf("%s: median %,.0f packets/s, best %,.0f packets/s over %d runs of %s%n",
                reader, rates[TIMED_RUNS / 2], rates[TIMED_RUNS - 1], TIMED_RUNS, file);
    }

    private record Result(long frames, long checksum, String stopReason) {}

    /** Reads every frame and touches its bytes, so the reading cannot be optimised away. */
    private static Result readAll(Path file) throws IOException {
        try (FrameSource source = CaptureFiles.open(file)) {
            long frames = 0;
            long checksum = 0;
            for (Frame f = source.next(); f != null; f = source.next()) {
                frames++;
                checksum += f.capturedLength() + f.bytes().get(f.capturedLength() - 1) + (f.timestampNanos() & 0xFF);
            }
            return new Result(frames, checksum, source.stopReason());
        }
    }
}
