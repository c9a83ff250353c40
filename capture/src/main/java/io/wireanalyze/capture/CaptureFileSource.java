package io.wireanalyze.capture;

import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * What the two capture file readers share: the open file read in windows onto the heap ({@link ReadWindow}), the
 * byte offset of the next record or block, the frames numbered from 1 as Wireshark numbers them, and how reading
 * ends: at the file's end, or at damage, with {@link #stopReason()} saying what was found where. Not thread-safe.
 */
public abstract sealed class CaptureFileSource implements FrameSource permits PcapFileSource, PcapngFileSource {

    protected final Path file;
    protected final FileChannel channel;
    protected final long fileSize;
    protected final ReadWindow window;
    /** Byte offset in the file of the next record or block to read. */
    protected long offset;
    /** The number of the frame returned last: 0 before the first. */
    protected long lastFrameNumber;
    /** Set once reading has ended: {@link #next()} returns null from then on. */
    protected boolean finished;
    private String stopReason;

    /** @param order the byte order the window reads in until a reader says otherwise */
    CaptureFileSource(Path file, FileChannel channel, long fileSize, int windowBytes, ByteOrder order, long offset) {
        this.file = file;
        this.channel = channel;
        this.fileSize = fileSize;
        this.window = new ReadWindow(channel, fileSize, windowBytes, order);
        this.offset = offset;
    }

    /** Ends reading at damage, {@code reason} saying what was found where; returns null, for {@link #next()} to return. */
    protected final Frame stop(String reason) {
        stopReason = reason;
        finished = true;
        return null;
    }

    @Override
    public final String name() {
        return file.toString();
    }

    @Override
    public final String stopReason() {
        return stopReason;
    }

    /** Byte offset in the file of the next record or block to read (the file size once everything was read). */
    public final long offset() {
        return offset;
    }

    /** Frames returned so far. */
    public final long framesRead() {
        return lastFrameNumber;
    }

    /** Closes the file. Frames already returned stay readable: their windows are on the heap. */
    @Override
    public final void close() throws IOException {
        finished = true;
        channel.close();
    }
}
