package io.wireanalyze.serial;

import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.serial.SerialResult.AtBoundary;
import io.wireanalyze.serial.SerialResult.Complete;
import io.wireanalyze.serial.SerialResult.Malformed;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Finds where a Java serialization stream ends by walking its grammar (Java Object Serialization Specification,
 * chapter 6, §6.4.1 "Rules of the Grammar") structurally: an int cursor over absolute buffer indexes, no class is
 * loaded, nothing is instantiated, nothing is deserialized. JRMP Call and ReturnData messages carry no length:
 * they end where their stream's top-level contents end.
 *
 * <p>Every length is checked against the bytes present and against {@link DecoderLimits} (maxMessageBytes for the
 * whole stream, maxNestingDepth for nested contents and class hierarchies, maxObjects for nodes, handles and class
 * data entries, maxStringChars for the characters kept of a TC_STRING/TC_LONGSTRING; class, field and interface
 * names are kept whole). Work is linear in the stream size; primitive arrays are skipped by arithmetic. No input
 * makes it throw (recursion depth is bounded by maxNestingDepth, so that limit must stay in the hundreds).
 *
 * <p>A walker holds only its limits; each {@link #walkStream} call has its own handle table and cursor.
 */
public final class SerialWalker {

    /** §6.4.1 {@code stream: magic version contents}: STREAM_MAGIC 0xaced, STREAM_VERSION 0x0005, big-endian. */
    private static final int[] HEADER = {
        (SerialConstants.STREAM_MAGIC >> 8) & 0xff, SerialConstants.STREAM_MAGIC & 0xff,
        (SerialConstants.STREAM_VERSION >> 8) & 0xff, SerialConstants.STREAM_VERSION & 0xff};

    private final DecoderLimits limits;

    public SerialWalker(DecoderLimits limits) {
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    /**
     * Walks "magic version contents*" from absolute index {@code start} to {@code limit} (exclusive), without
     * touching the buffer's position, limit or order.
     *
     * @throws IndexOutOfBoundsException if {@code [start, limit)} is not within {@code [0, buf.limit())} (a bug
     *                                   of the caller, not bad input)
     */
    public SerialResult walkStream(ByteBuffer buf, int start, int limit) {
        Objects.checkFromToIndex(start, limit, buf.limit());
        Cursor c = new Cursor(buf, start, limit, limits);
        for (int i = 0; i < HEADER.length; i++) {
            String field = i < 2 ? "stream.magic" : "stream.version";
            if (c.atLimit()) {
                c.need(HEADER.length - i, field); // records NeedMore for the whole header
                return c.failure();
            }
            int b = c.u1();
            if (b != HEADER[i])
                return new Malformed(c.pos() - 1, field, String.format("byte %d of the stream header is 0x%02x "
                    + "(expected: 0x%02x, the header is STREAM_MAGIC 0xaced STREAM_VERSION 0x0005)", i, b, HEADER[i]));
        }
        return contents(c, new ContentWalker(c));
    }

    /** {@code contents: content | contents content}, until the limit or a byte that cannot start a content. */
    private static SerialResult contents(Cursor c, ContentWalker walker) {
        List<SerialNode> contents = new ArrayList<>();
        while (true) {
            if (c.atLimit()) return new AtBoundary(c.pos(), contents);
            if (!SerialConstants.isContentStart(c.peek())) return new Complete(c.pos(), contents);
            SerialNode node = walker.content(1, ContentWalker.Position.TOP_LEVEL);
            if (node == null) node = c.takeAborted(); // a TC_EXCEPTION inside an object replaces that object
            if (node == null) return c.failure();
            contents.add(node);
        }
    }
}
