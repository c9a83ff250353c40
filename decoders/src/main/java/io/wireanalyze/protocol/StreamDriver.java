package io.wireanalyze.protocol;

import io.wireanalyze.codec.Failure;
import io.wireanalyze.tcp.BufferPool;
import io.wireanalyze.tcp.Direction;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.function.Consumer;

/**
 * Runs a session's decoder over one direction's bytes. The only code that moves the cursor: NeedMore waits,
 * Decoded emits and advances (and fails loudly if nothing was consumed), Malformed emits the bytes as
 * unparsed and resynchronises at the next place the protocol says a message may start. One bad message
 * never stops the run.
 */
public final class StreamDriver {

    private enum State { DECODING, RESYNC }

    /** Bytes kept while resynchronising, in case a message start straddles two chunks. */
    private static final int RESYNC_KEEP = 16;

    private final ProtocolName protocol;
    private final int maxMessageBytes;
    private final BufferPool pool;
    /** Made on the first bytes (a connection has four drivers, most of them never given any, or only a few). */
    private byte[] buf = NONE;
    /**
     * The last {@link #view()}: {@code buf} from {@code viewStart} to its end, its limit at the bytes pending. A message
     * that waits for more bytes is viewed again from the same start: the same buffer then serves, its limit moved (a
     * view per decode step showed among the per-packet allocations).
     */
    private ByteBuffer view;
    private int viewStart;
    private int start;
    private int end;
    private long bufOffset;            // stream offset of buf[start]
    private int needAtLeast;
    private State state = State.DECODING;
    private long skipStart = -1;       // start of the unparsed run being skipped while resynchronising
    private String skipReason;

    public StreamDriver(ProtocolName protocol, int maxMessageBytes) {
        this(protocol, maxMessageBytes, BufferPool.NONE);
    }

    /**
     * @param pool where the driver takes its buffer when bytes come and gives it back when nothing is pending (a
     *             direction between messages holds none), shared with the other connections of its thread
     */
    public StreamDriver(ProtocolName protocol, int maxMessageBytes, BufferPool pool) {
        this.protocol = protocol;
        this.maxMessageBytes = maxMessageBytes;
        this.pool = pool;
    }

    /**
     * A driver for {@code protocol} that starts with the bytes {@code probed} buffered (and takes its buffer over,
     * rather than copying it: {@code probed}, a driver that only buffered for the probes, is not used again).
     */
    public StreamDriver(ProtocolName protocol, int maxMessageBytes, StreamDriver probed) {
        this(protocol, maxMessageBytes, probed.pool);
        if (probed.pending() > 0) {
            buf = probed.buf;
            start = probed.start;
            end = probed.end;
            bufOffset = probed.bufOffset;
            probed.buf = NONE;
            probed.start = probed.end = 0;
        }
    }

    /** Bytes buffered and not yet decoded. */
    public int pending() {
        return end - start;
    }

    /**
     * The buffered bytes (for probes and decoders), without consuming them: valid until the driver's next call, as a
     * buffer handed out before may be handed out again (its position, limit and order set anew).
     */
    public ByteBuffer view() {
        if (view == null || view.array() != buf || viewStart != start) {
            // From 0 (a pooled array is taken anew per message), the array wrapped is the slice itself.
            view = start == 0 ? ByteBuffer.wrap(buf) : ByteBuffer.wrap(buf).slice(start, buf.length - start);
            viewStart = start;
        }
        view.clear().limit(end - start);
        return view.order(ByteOrder.BIG_ENDIAN);
    }

    /** Stream offset of the first buffered byte. */
    public long offset() {
        return bufOffset;
    }

    public void append(long offset, ByteBuffer bytes) {
        if (pending() == 0) bufOffset = offset;
        int n = bytes.remaining();
        if (end + n > buf.length) {
            if (start > 0) {
                System.arraycopy(buf, start, buf, 0, end - start);
                end -= start;
                start = 0;
            }
            if (end + n > buf.length) replace(Math.max(Math.max(buf.length * 2, BufferPool.MIN), end + n));
        }
        bytes.get(bytes.position(), buf, end, n);
        end += n;
    }

    /**
     * Moves the pending bytes into a buffer of at least {@code n} bytes taken from the pool, and gives the old one back.
     */
    private void replace(int n) {
        byte[] bigger = pool.take(n);
        System.arraycopy(buf, start, bigger, 0, end - start);
        end -= start;
        start = 0;
        pool.give(buf);
        buf = bigger;
    }

    /** {@code length} bytes at {@code offset} were never captured: what is buffered cannot be completed. */
    public void gap(ProtocolSession session, Direction d, long offset, long length, Consumer<Message> out) {
        if (state == State.DECODING) {
            // Whole messages before the hole are still messages: a JRMP Call is known to be whole only once
            // nothing more follows it, which the hole now says.
            while (pending() > 0) {
                DecodeStep<Message> step = session.decode(d, view(), bufOffset, InputState.ENDED);
                if (!(step instanceof DecodeStep.Decoded<Message> dec) || dec.consumed() <= 0 || dec.consumed() > pending()) break;
                out.accept(dec.message());
                consume(dec.consumed());
            }
            if (pending() > 0) beginSkip(bufOffset, "incomplete message: " + length + " bytes at stream offset " + offset + " were not captured");
            else beginSkip(offset, length + " bytes at stream offset " + offset + " were not captured; resynchronising");
        }
        consume(pending());
        bufOffset = offset + length;
        state = State.RESYNC;
        needAtLeast = 0;
    }

    /** Decodes as much as the buffered bytes allow. */
    public void run(ProtocolSession session, Direction d, InputState input, Consumer<Message> out) {
        while (true) {
            if (state == State.RESYNC && !resync(session, d, input, out)) return;
            int avail = pending();
            if (avail == 0) return;
            if (avail < needAtLeast && input == InputState.MORE_MAY_FOLLOW) return;
            DecodeStep<Message> step = session.decode(d, view(), bufOffset, input);
            if (step instanceof DecodeStep.Decoded<Message> dec) {
                if (dec.consumed() <= 0 || dec.consumed() > avail)
                    throw new IllegalStateException(protocol + " decoder consumed " + dec.consumed() + " of " + avail
                            + " bytes at stream offset " + bufOffset + " (expected: 1.." + avail + ")");
                out.accept(dec.message());
                consume(dec.consumed());
                needAtLeast = 0;
            } else if (step instanceof DecodeStep.NeedMore<Message> more) {
                if (more.atLeast() > maxMessageBytes) {
                    malformed(new Failure(bufOffset, "message length", more.atLeast() + " bytes (expected: <= " + maxMessageBytes
                            + ", the --max-message-bytes limit)"));
                    continue;
                }
                if (input == InputState.ENDED) {
                    out.accept(Message.unparsed(protocol, d, bufOffset, avail, "truncated: the stream ended after "
                            + avail + " bytes of a message that needs at least " + more.atLeast()));
                    consume(avail);
                    return;
                }
                // An exact length is waited for exactly. A lower bound (JRMP: the serialization stream has not
                // ended yet) waits for half as many bytes again before the stream is walked once more,
                // so a message arriving in n segments is walked O(log n) times, not n. The peer replying or the
                // stream ending decodes at once whatever the bound.
                needAtLeast = more.exact() ? more.atLeast() : Math.max(more.atLeast(), avail + Math.max(1, avail / 2));
                if (more.exact()) reserve(Math.min(more.atLeast(), RESERVE_LIMIT));
                return;
            } else {
                malformed(((DecodeStep.Malformed<Message>) step).failure());
            }
        }
    }

    /**
     * The direction has ended: its buffer (as large as its largest message) is let go when nothing is left in it, so a
     * connection that lingers after its end (to account late copies) holds no message bytes. Bytes appended after all
     * get a buffer again.
     */
    public void release() {
        if (pending() == 0) discard();
    }

    /** The driver is not used again (a connection found to be no protocol's): its buffer goes back to the pool. */
    public void discard() {
        pool.give(buf);
        buf = NONE;
        view = null;
        start = 0;
        end = 0;
    }

    private static final byte[] NONE = new byte[0];
    /**
     * The most an exact length a decoder waits for sizes the buffer ahead of its bytes: small, as a damaged or hostile
     * length, on each of thousands of connections, must not hold memory its bytes never fill.
     */
    static final int RESERVE_LIMIT = 16 << 10;

    /**
     * Room for a message of {@code n} bytes from the first pending one, made once when a decoder says the exact length
     * it waits for (an HTTP body's, a TLS record's, a GIOP message's), instead of doubling the buffer as its bytes come.
     */
    private void reserve(int n) {
        if (n <= buf.length) return;
        replace(n);
    }

    /** Emits any unparsed run still open (at the end of the stream). */
    public void finish(Direction d, Consumer<Message> out) {
        if (pending() > 0 && state == State.RESYNC) consume(pending());
        if (skipStart >= 0) {
            long len = bufOffset - skipStart;
            if (len > 0) out.accept(Message.unparsed(protocol, d, skipStart, len, skipReason));
            skipStart = -1;
        }
    }

    private void malformed(Failure failure) {
        beginSkip(bufOffset, failure.describe());
        consume(1);
        state = State.RESYNC;
        needAtLeast = 0;
    }

    private void beginSkip(long at, String reason) {
        if (skipStart < 0) {
            skipStart = at;
            skipReason = reason;
        }
    }

    /** Looks for the next message start; true when decoding can go on. */
    private boolean resync(ProtocolSession session, Direction d, InputState input, Consumer<Message> out) {
        int avail = pending();
        if (avail == 0) return false;
        int at = session.resync(d, view());
        if (at < 0) {
            consume(Math.max(0, avail - RESYNC_KEEP));   // a message start may straddle the next chunk
            return false;
        }
        consume(at);
        if (skipStart >= 0 && bufOffset > skipStart) out.accept(Message.unparsed(protocol, d, skipStart, bufOffset - skipStart, skipReason));
        skipStart = -1;
        skipReason = null;
        state = State.DECODING;
        return true;
    }

    private void consume(int n) {
        start += n;
        bufOffset += n;
        if (start == end) {
            start = 0;
            end = 0;
            // Nothing pending: the buffer goes back to the pool, if there is one (a connection between messages then
            // holds none, nor a view of it); without, the driver keeps it for its next message.
            if (pool != BufferPool.NONE) {
                pool.give(buf);
                buf = NONE;
                view = null;
            }
        }
    }
}
