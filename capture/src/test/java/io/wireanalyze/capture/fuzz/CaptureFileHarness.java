package io.wireanalyze.capture.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes a fuzz input to a file, opens it with a capture reader and reads it to the end, checking the reader's
 * contract (fuzz/README.md).
 *
 * <p>Properties: open() throws IOException or nothing; next() never throws and returns null for good after its
 * first null; it returns at most one frame per 12 bytes of file (so reading terminates); frames are numbered 1, 2,
 * 3... with captured length &lt;= original length and &lt;= the file size; a stopReason names a byte offset inside
 * the file ("at byte offset N", 0 &lt;= N &lt; size).
 */
final class CaptureFileHarness {

    /** Largest input written to a file; longer inputs are cut. */
    static final int MAX_LENGTH = 256 * 1024;

    /** The smallest block or record is 12 bytes (pcapng) or 16 (pcap): more frames than this means a loop. */
    private static final int MIN_FRAME_BYTES = 12;

    private static final Pattern OFFSET = Pattern.compile("at byte offset (\\d+)");

    /**
     * Inputs between two System.gc() calls. The readers map the file, and a mapping lives until its buffers are
     * garbage-collected; fuzzing opens thousands of files a second with little garbage, so without this the
     * mappings pile up (slowing every mmap, and failing it past vm.max_map_count, 65530 by default).
     */
    private static final int GC_EVERY = 500;

    private static int inputs;

    /** One scratch file per JVM and reader, rewritten for every input. */
    interface Opener {
        FrameSource open(Path file) throws IOException;
    }

    private CaptureFileHarness() {
    }

    static Path scratch(String name) {
        try {
            Path file = Files.createTempFile("wireanalyze-fuzz-" + name, ".bin");
            file.toFile().deleteOnExit();
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void read(byte[] data, Path file, Opener opener) throws IOException {
        if (++inputs % GC_EVERY == 0) System.gc();
        byte[] bytes = data.length > MAX_LENGTH ? Arrays.copyOf(data, MAX_LENGTH) : data;
        Files.write(file, bytes);
        long size = bytes.length;
        FrameSource source;
        try {
            source = opener.open(file);
        } catch (IOException expected) {                              // not a capture of this format: fine
            return;
        }
        try (source) {
            long frames = 0;
            Frame f;
            while ((f = source.next()) != null) {
                frames++;
                String where = "frame " + frames + " of a " + size + "-byte file: " + f;
                assertEquals(frames, f.number(), where);
                assertTrue(frames <= size / MIN_FRAME_BYTES + 1, "more frames than the file can hold: " + where);
                assertTrue(f.capturedLength() <= f.originalLength() && f.capturedLength() <= size, where);
                assertEquals(0, f.bytes().position(), where);
            }
            assertNull(source.next(), "next() after the end");
            String stop = source.stopReason();
            if (stop != null) {
                Matcher m = OFFSET.matcher(stop);
                assertTrue(m.find(), "stopReason without a byte offset: " + stop);
                long at = Long.parseLong(m.group(1));
                assertTrue(at >= 0 && at < size, "stopReason offset outside the " + size + "-byte file: " + stop);
            }
        }
    }
}
