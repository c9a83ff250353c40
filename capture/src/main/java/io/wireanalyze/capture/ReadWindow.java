package io.wireanalyze.capture;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;

/**
 * One window of a file read into a buffer of its own on the heap (a plain read through the page cache, no mapping):
 * a window always covers whole records (a record larger than the preferred size gets a window of its size), and
 * frames are read-only slices of it, so no record is copied twice. A window is dropped when the reader moves on and
 * freed by the garbage collector once no frame (a segment a connection still holds) refers to it: resident memory
 * is the heap's, bounded by {@code -Xmx}, whatever the file's size. A memory mapping (the reader before) kept
 * every page it had touched resident until its mapping was collected, so a 5 GB capture peaked at 5 GB and more.
 */
final class ReadWindow {

    private final FileChannel channel;
    private final long fileSize;
    private final int preferredSize;
    private final ByteOrder order;
    private ByteBuffer buffer;
    private long start;
    private long end;

    ReadWindow(FileChannel channel, long fileSize, int preferredSize, ByteOrder order) {
        if (preferredSize < 1) throw new IllegalArgumentException("window size " + preferredSize + " (expected: >= 1)");
        this.channel = channel;
        this.fileSize = fileSize;
        this.preferredSize = preferredSize;
        this.order = order;
    }

    /**
     * A buffer holding file bytes [offset, offset + length), read anew if the current window does not cover them.
     * Index into it with {@link #index(long)}. {@code length} must fit in the file.
     *
     * @throws EOFException when the file is shorter than when it was opened
     */
    ByteBuffer cover(long offset, int length) throws IOException {
        if (buffer == null || offset < start || offset + length > end) {
            int size = (int) Math.max(length, Math.min(preferredSize, fileSize - offset));
            ByteBuffer b = ByteBuffer.allocate(size);
            while (b.hasRemaining()) {
                if (channel.read(b, offset + b.position()) < 0)
                    throw new EOFException("the file ended at byte offset " + (offset + b.position()) + " (expected: "
                            + fileSize + " bytes, as when it was opened)");
            }
            buffer = b.clear().asReadOnlyBuffer().order(order);
            start = offset;
            end = offset + size;
        }
        return buffer;
    }

    /** Index in the current window of a file offset it covers. */
    int index(long offset) {
        return (int) (offset - start);
    }
}
