package io.wireanalyze.spark;

import io.wireanalyze.capture.CaptureFiles;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.*;

/** What a file's task tells the driver before the pass over the headers, read without reading the file through. */
class FileTasksTest {

    @Test
    void aFilesSummaryIsItsFirstFramesTime() throws IOException {
        Path pcap = TestCaptures.fixture("jrmp").resolve("dgc-clean.pcap");
        long first;
        try (FrameSource source = CaptureFiles.open(pcap)) {
            Frame f = source.next();
            first = f.timestampNanos();
        }
        FileTasks.Summary s = FileTasks.summary(3, pcap.toString());
        assertEquals(3, s.file());
        assertTrue(s.any());
        assertEquals(first, s.firstNanos());
        assertNull(s.stopReason(), "a file with frames: its reading's end is read with its headers");
        assertNull(s.error());
    }

    @Test
    void aFileWithoutFramesSaysHowItsReadingEndedAndAnUnreadableOneWhy(@TempDir Path dir) throws IOException {
        Path whole = TestCaptures.fixture("jrmp").resolve("dgc-clean.pcap");
        // The pcap header and half a record header: no frame, and a reason.
        Path cut = Files.write(dir.resolve("cut.pcap"), Arrays.copyOf(Files.readAllBytes(whole), 24 + 8));
        FileTasks.Summary s = FileTasks.summary(0, cut.toString());
        assertFalse(s.any());
        assertNotNull(s.stopReason(), "the reading of " + cut + " ended early");
        assertNull(s.error());

        Path junk = Files.writeString(dir.resolve("junk.pcap"), "not a capture at all, not even close");
        FileTasks.Summary bad = FileTasks.summary(1, junk.toString());
        assertFalse(bad.any());
        assertNotNull(bad.error());
        assertTrue(bad.error().contains(junk.toString()), bad.error());
    }

    @Test
    void aCopyOfAPartSaysWhetherTheFileHadMore(@TempDir Path dir) throws IOException {
        byte[] bytes = new byte[100_000];
        for (int i = 0; i < bytes.length; i++) bytes[i] = (byte) i;
        Path to = dir.resolve("copy");
        assertTrue(FileTasks.copy(new ByteArrayInputStream(bytes), to, 70_000));
        assertArrayEquals(Arrays.copyOf(bytes, 70_000), Files.readAllBytes(to));
        assertFalse(FileTasks.copy(new ByteArrayInputStream(bytes), to, 100_000), "exactly the limit: the whole file");
        assertArrayEquals(bytes, Files.readAllBytes(to));
        assertFalse(FileTasks.copy(new ByteArrayInputStream(bytes), to, Long.MAX_VALUE));
        assertArrayEquals(bytes, Files.readAllBytes(to));
    }
}
