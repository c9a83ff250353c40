package io.wireanalyze.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wireanalyze.protocol.DecodeStep;
import io.wireanalyze.protocol.InputState;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.ProtocolSession;
import io.wireanalyze.protocol.SessionContext;
import io.wireanalyze.tcp.Direction;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.function.Function;

/**
 * Drives one {@link ProtocolSession} over both directions of a fuzz input, as the stream driver would (decode,
 * advance by what was consumed, skip a byte and resynchronise after Malformed), checking every answer.
 *
 * <p>Input layout: a control byte (bit 0: the capture joined mid-stream; bits 1-2: the InputState, 3 meaning
 * ENDED too; bits 3-4: the limits, see {@link FuzzLimits#of}), a big-endian u16 giving the length of the client's
 * bytes, the client's bytes, and the server's bytes (the rest). The two directions are decoded a step at a time
 * in turn, so a reply follows its call.
 *
 * <p>Properties: nothing is thrown; the session does not move {@code in} (position and limit unchanged; the
 * buffer is read-only and its position is not 0); Decoded consumes 1..remaining bytes and its message is exactly
 * those bytes (offset, length, direction, data inside it); NeedMore asks for more than there is; Malformed.offset
 * lies in [offset, offset + remaining]; resync answers -1 or an index inside the bytes.
 */
final class SessionHarness {

    /** Stream offset of each direction's first byte: not 0, so offsets relative to the buffer show up. */
    static final long BASE = 1_000_000L;

    private final ProtocolSession session;
    private final InputState state;
    private final byte[] data;
    private final int[] start = new int[2];
    private final int[] end = new int[2];
    private final int[] pos = new int[2];
    private final boolean[] done = new boolean[2];

    private SessionHarness(ProtocolSession session, InputState state, byte[] data, int c2sStart, int c2sEnd) {
        this.session = session;
        this.state = state;
        this.data = data;
        start[0] = pos[0] = c2sStart;
        end[0] = c2sEnd;
        start[1] = pos[1] = c2sEnd;
        end[1] = data.length;
    }

    static void run(byte[] raw, Function<SessionContext, ProtocolSession> sessions) {
        FuzzInput in = new FuzzInput(raw);
        int control = in.u8();
        boolean midStream = (control & 1) != 0;
        InputState state = InputState.values()[Math.min(2, (control >>> 1) & 3)];
        SessionContext context = new SessionContext(FuzzLimits.of(control >>> 3), Map.of(), midStream);
        int c2sLength = Math.min(in.u16(), in.remaining());
        int c2sStart = in.take(c2sLength);
        new SessionHarness(sessions.apply(context), state, in.array(), c2sStart, c2sStart + c2sLength).drive();
    }

    private void drive() {
        while (!done[0] || !done[1]) {
            for (int side = 0; side < 2; side++) {
                if (!done[side]) step(side);
            }
        }
    }

    /** One decode step of a direction; marks the direction done when it cannot go on. */
    private void step(int side) {
        Direction d = side == 0 ? Direction.C2S : Direction.S2C;
        int remaining = end[side] - pos[side];
        if (remaining == 0) {
            done[side] = true;
            return;
        }
        long offset = BASE + pos[side] - start[side];
        ByteBuffer in = view(side);
        DecodeStep<Message> step = session.decode(d, in, offset, state);
        String where = d + " at stream offset " + offset + " with " + remaining + " bytes, " + state + ": " + step;
        assertEquals(pos[side], in.position(), "position moved: " + where);
        assertEquals(end[side], in.limit(), "limit moved: " + where);
        if (step instanceof DecodeStep.Decoded<Message> dec) {
            int consumed = dec.consumed();
            assertTrue(consumed >= 1 && consumed <= remaining, "consumed out of 1..remaining: " + where);
            Message m = dec.message();
            assertEquals(offset, m.offset(), "message offset: " + where);
            assertEquals(consumed, m.length(), "message length: " + where);
            assertEquals(d, m.direction(), "message direction: " + where);
            assertTrue(m.dataLength() >= 0 && m.dataOffset() >= m.offset() && m.dataOffset() + m.dataLength() <= m.end(),
                    "data outside the message: " + where + " " + m);
            pos[side] += consumed;
        } else if (step instanceof DecodeStep.NeedMore<Message> more) {
            assertTrue(more.atLeast() > remaining, "NeedMore for no more than there is: " + where);
            done[side] = true;                                    // nothing more will come
        } else {
            DecodeStep.Malformed<Message> bad = (DecodeStep.Malformed<Message>) step;
            assertTrue(bad.offset() >= offset && bad.offset() <= offset + remaining, "Malformed.offset outside the input: " + where);
            pos[side]++;                                           // as the stream driver: skip a byte, resynchronise
            resync(side, d);
        }
    }

    private void resync(int side, Direction d) {
        int remaining = end[side] - pos[side];
        if (remaining == 0) return;
        ByteBuffer in = view(side);
        int at = session.resync(d, in);
        String where = "resync " + d + " with " + remaining + " bytes: " + at;
        assertEquals(pos[side], in.position(), "position moved: " + where);
        assertEquals(end[side], in.limit(), "limit moved: " + where);
        assertTrue(at >= -1 && at < remaining, "resync index outside the input: " + where);
        if (at < 0) done[side] = true;
        else pos[side] += at;
    }

    /** The direction's undecoded bytes: a read-only view whose position is not 0 (the bytes before are other data). */
    private ByteBuffer view(int side) {
        return ByteBuffer.wrap(data, pos[side], end[side] - pos[side]).asReadOnlyBuffer();
    }
}
