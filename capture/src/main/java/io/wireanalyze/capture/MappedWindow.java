package io.wireanalyze.capture;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;

/**
 * A read-only memory mapping of one window of a file. A single mapping is limited to 2 GiB, so large
 * files are read through a sequence of windows; a window always covers whole records, so no record is
 * ever copied. Slices handed out keep their window's mapping alive after the reader moves on.
 */
final class MappedWindow {

    private final FileChannel channel;
    private final long fileSize;
    private final int preferredSize;
    private final ByteOrder order;
    private MappedByteBuffer buffer;
    private long start;
    private long end;

    MappedWindow(FileChannel channel, long fileSize, int preferredSize, ByteOrder order) {
        if (preferredSize < 1) throw new IllegalArgumentException("window size " + preferredSize + " (expected: >= 1)");
        this.channel = channel;
        this.fileSize = fileSize;
        this.preferredSize = preferredSize;
        this.order = order;
    }

    /**
     * The mapping holding file bytes [offset, offset + length), remapped if the current window does not
     * cover them. Index into it with {@link #index(long)}. {@code length} must fit in the file.
     */
    MappedByteBuffer cover(long offset, int length) throws IOException {
        if (buffer == null || offset < start || offset + length > end) {
            long size = Math.max(length, Math.min(preferredSize, fileSize - offset));
            buffer = channel.map(FileChannel.MapMode.READ_ONLY, offset, size);
            buffer.order(order);
            start = offset;
            end = offset + size;
        }
        return buffer;
    }

    /** Index in the current mapping of a file offset it covers. */
    int index(long offset) {
        return (int) (offset - start);
    }
}
