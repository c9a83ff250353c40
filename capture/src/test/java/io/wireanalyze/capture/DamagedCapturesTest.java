package io.wireanalyze.capture;

import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.NavigableSet;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The real captures the tests have (pcap and pcapng), truncated, bit-flipped and with bytes cut out of
 * it at many offsets: the header and every byte of the first records' headers, every tenth record's
 * header, a stride through the data and the last bytes. Whatever the damage, {@code next()} throws
 * nothing, reading ends, a stop reason names a byte offset inside the file, and the frames before the
 * damage are the original frames. {@code open()} may only refuse a file whose first header is damaged.
 */
class DamagedCapturesTest {

    private static final Pattern OFFSET = Pattern.compile("at byte offset (\\d+)");
    /** Every frame read uses at least this many bytes of the file: the smallest pcapng block. */
    private static final int MIN_BYTES_PER_FRAME = 12;

    private static List<Capture> captures;

    @TempDir
    Path tmp;
    private Path dir;
    private long variants;
    private Path previous;

    /** A real capture, its frames and where each frame's record or block ends. */
    record Capture(Path file, byte[] bytes, boolean pcapng, List<Frame> frames, long[] frameEnds, long[] recordStarts) {
        /** Bytes at the start that {@code open()} reads: pcap file header, or the section header's magic and version. */
        int openHeader() {
            return pcapng ? PcapngSectionHeader.FIXED_PREFIX : PcapHeader.LENGTH;
        }

        /** The smallest file {@code open()} accepts. */
        int minimumSize() {
            return pcapng ? PcapngBlockType.SECTION_HEADER.minLength() : PcapHeader.LENGTH;
        }

        /** Frames whose records end at or before {@code offset}: damage there cannot touch them. */
        int framesBefore(long offset) {
            int n = 0;
            while (n < frameEnds.length && frameEnds[n] <= offset) n++;
            return n;
        }
    }

    @BeforeAll
    static void readOriginals() throws IOException {
        captures = new ArrayList<>();
        for (Path file : TestCaptures.all()) {
            // The 36 fox-it captures come in 4 families of 9 near-identical events: one of each is enough.
            String name = file.getFileName().toString();
            if (name.startsWith("rmi-") && !name.endsWith("-ev0.pcap")) continue;
            byte[] bytes = Files.readAllBytes(file);
            boolean pcapng = ByteBuffer.wrap(bytes).getInt(0) == PcapngBytes.SHB;
            List<Frame> frames;
            try (FrameSource source = CaptureFiles.open(file)) {
                frames = PcapFileSourceTest.readAll(source);
                assertNull(source.stopReason(), file.toString());
            }
            long[] ends;
            long[] starts;
            if (pcapng) {
                List<PcapngBytes.Block> blocks = PcapngBytes.blocks(bytes);
                starts = blocks.stream().mapToLong(PcapngBytes.Block::fileOffset).toArray();
                ends = blocks.stream().filter(b -> b.type() == PcapngBytes.EPB || b.type() == PcapngBytes.SPB || b.type() == PcapngBytes.PB)
                        .mapToLong(b -> b.fileOffset() + b.length()).toArray();
            } else {
                starts = PcapBytes.recordOffsets(bytes);
                ByteBuffer le = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
                ends = Arrays.stream(starts).map(s -> s + PcapBytes.RECORD_HEADER + le.getInt((int) s + 8)).toArray();
            }
            assertEquals(frames.size(), ends.length, "frames of " + file);
            captures.add(new Capture(file, bytes, pcapng, frames, ends, starts));
        }
        assertTrue(captures.size() >= 16, "real captures: " + captures.size() + " (expected: the fixtures and the shared captures)");
    }

    /** The damaged copies go to memory (tmpfs) where there is one: three times faster than a disk. */
    @BeforeEach
    void chooseFolder() throws IOException {
        Path shm = Path.of("/dev/shm");
        dir = Files.isDirectory(shm) && Files.isWritable(shm) ? Files.createTempDirectory(shm, "wireanalyze-damaged-") : tmp;
    }

    @AfterEach
    void removeFolder() throws IOException {
        if (previous != null) Files.deleteIfExists(previous);
        if (!dir.equals(tmp)) Files.deleteIfExists(dir);
    }

    @Test
    void readsEveryCaptureTruncatedAnywhereUpToTheCutExactly() throws IOException {
        for (Capture c : captures) {
            for (long cut : offsets(c)) {
                byte[] damaged = Arrays.copyOf(c.bytes(), (int) cut);
                Outcome o = read(c, damaged, "truncated to " + cut + " bytes", cut);
                if (o == null) continue;
                int intact = c.framesBefore(cut);
                assertEquals(intact, o.frames.size(), c.file() + " truncated to " + cut + " bytes: frames");
                boolean atBoundary = cut == c.bytes().length || contains(c.recordStarts(), cut);
                assertEquals(atBoundary, o.stopReason == null, c.file() + " truncated to " + cut + " bytes: " + o.stopReason);
            }
        }
    }

    @Test
    void readsEveryCaptureWithABitFlippedAnywhere() throws IOException {
        for (Capture c : captures) {
            for (long at : offsets(c)) {
                if (at >= c.bytes().length) continue;
                byte[] damaged = c.bytes().clone();
                damaged[(int) at] ^= (byte) (1 << (at % 8));
                read(c, damaged, "bit " + (at % 8) + " of byte " + at + " flipped", at);
            }
        }
    }

    @Test
    void readsEveryCaptureWithBytesCutOutAnywhere() throws IOException {
        int[] lengths = {1, 3, 4, 16, 100};
        for (Capture c : captures) {
            int i = 0;
            for (long at : offsets(c)) {
                int length = lengths[i++ % lengths.length];
                if (at + length > c.bytes().length) continue;
                byte[] damaged = new byte[c.bytes().length - length];
                System.arraycopy(c.bytes(), 0, damaged, 0, (int) at);
                System.arraycopy(c.bytes(), (int) at + length, damaged, (int) at, damaged.length - (int) at);
                read(c, damaged, length + " bytes cut out at " + at, at);
            }
        }
        assertTrue(variants > 5_000, variants + " damaged files read");
    }

    /**
     * Reads a damaged copy and checks what holds for any damage; null when {@code open()} refused it,
     * which only a damaged first header or a file too short for one may cause.
     */
    private Outcome read(Capture c, byte[] damaged, String damage, long at) throws IOException {
        variants++;
        String what = c.file() + ", " + damage;
        Path file = write(damaged);
        FrameSource source;
        try {
            source = CaptureFiles.open(file);
        } catch (IOException e) {
            assertTrue(at < c.openHeader() || damaged.length < c.minimumSize(), what + ": open() refused it: " + e.getMessage());
            assertTrue(e.getMessage().startsWith(file.toString()), what + ": message names the file: " + e.getMessage());
            return null;
        } catch (RuntimeException e) {
            return fail(what + ": open() threw " + stackTrace(e));
        }
        try (source) {
            List<Frame> frames = new ArrayList<>();
            long limit = damaged.length / MIN_BYTES_PER_FRAME + 2;
            for (long calls = 0; ; calls++) {
                if (calls > limit) fail(what + ": next() still returns frames after " + calls + " calls");
                Frame f;
                try {
                    f = source.next();
                } catch (IOException | RuntimeException | Error e) {
                    return fail(what + ": next() threw after " + frames.size() + " frames: " + stackTrace(e));
                }
                if (f == null) break;
                assertEquals(frames.size() + 1, f.number(), what + ": frame number");
                assertTrue(f.capturedLength() <= f.originalLength(), what + ": frame " + f.number() + " lengths");
                assertTrue(f.capturedLength() <= damaged.length, what + ": frame " + f.number() + " longer than the file");
                try {
                    touch(f.bytes());
                } catch (Error e) {
                    return fail(what + ": frame " + f.number() + "'s bytes are not all in the file: " + stackTrace(e));
                }
                frames.add(f);
            }
            String reason = source.stopReason();
            if (reason != null) {
                Matcher m = OFFSET.matcher(reason);
                assertTrue(m.find(), what + ": stop reason names no byte offset: " + reason);
                long offset = Long.parseLong(m.group(1));
                assertTrue(offset < damaged.length, what + ": stop reason names offset " + offset + " of a "
                        + damaged.length + "-byte file: " + reason);
            }
            int intact = Math.min(c.framesBefore(at), frames.size());
            assertTrue(frames.size() >= c.framesBefore(at), what + ": " + frames.size() + " frames read, fewer than the "
                    + c.framesBefore(at) + " before the damage; " + reason);
            for (int i = 0; i < intact; i++) {
                Frame e = c.frames().get(i);
                Frame f = frames.get(i);
                assertEquals(List.of(e.number(), e.timestampNanos(), e.link(), e.originalLength(), e.bytes()),
                        List.of(f.number(), f.timestampNanos(), f.link(), f.originalLength(), f.bytes()),
                        what + ": frame " + (i + 1) + " before the damage");
            }
            return new Outcome(frames, reason);
        }
    }

    private record Outcome(List<Frame> frames, String stopReason) {}

    /**
     * Where to damage a capture: its first 64 bytes, every byte of the first 8 records' headers and of
     * every tenth one's after, the 4 bytes before each of those (a pcapng trailing length), a stride of
     * 127 through the rest, the last 8 bytes and the end.
     */
    private static NavigableSet<Long> offsets(Capture c) {
        long size = c.bytes().length;
        int header = c.pcapng() ? 32 : PcapBytes.RECORD_HEADER;
        NavigableSet<Long> offsets = new TreeSet<>();
        for (long o = 0; o < 64; o++) offsets.add(o);
        long[] starts = c.recordStarts();
        for (int r = 0; r < starts.length; r++) {
            if (r >= 8 && r % 10 != 0) continue;
            for (long o = starts[r] - 4; o < starts[r] + header; o++) offsets.add(o);
        }
        for (long o = 0; o < size; o += 127) offsets.add(o);
        for (long o = size - 8; o <= size; o++) offsets.add(o);
        return offsets.subSet(0L, true, size, true);
    }

    /** Reads every byte: a frame mapped past the end of the file fails here (SIGBUS, an InternalError in Java). */
    private static int touch(ByteBuffer bytes) {
        int sum = 0;
        for (int i = bytes.position(); i < bytes.limit(); i++) sum += bytes.get(i);
        return sum;
    }

    private static boolean contains(long[] values, long value) {
        for (long v : values) if (v == value) return true;
        return false;
    }

    /**
     * Writes each damaged copy to a new file and deletes the last one, whose frames, still mapped, are
     * never read again (deleting a mapped file is fine on Linux; truncating it in place would make the
     * kernel walk every mapping still alive, which is far slower).
     */
    private Path write(byte[] bytes) throws IOException {
        if (previous != null) Files.delete(previous);
        previous = Files.write(dir.resolve("damaged-" + variants), bytes);
        return previous;
    }

    private static String stackTrace(Throwable t) {
        StringWriter s = new StringWriter();
        t.printStackTrace(new PrintWriter(s));
        return s.toString();
    }
}
