package io.wireanalyze.protocol;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The order of a connection's two directions, and what waiting data keeps: a reply that acknowledges bytes of the
 * call not yet decoded waits for them, holding a copy of its own bytes, not the reader's window they are a view of.
 */
class CausalOrderTest {

    private record Delivered(int side, CausalOrder.Event event) {
    }

    /** {@code length} bytes at {@code at} of a 1 MiB window, read-only, as the reader hands segments out. */
    private static ByteBuffer view(byte[] window, int at, int length) {
        return ByteBuffer.wrap(window).asReadOnlyBuffer().limit(at + length).position(at);
    }

    @Test
    void aReplyWaitsForTheCallItAcknowledgesWithACopyOfItsBytes() {
        byte[] window = new byte[1 << 20];
        for (int i = 0; i < 64; i++) window[i] = (byte) i;
        List<Delivered> out = new ArrayList<>();
        CausalOrder order = new CausalOrder((side, e) -> out.add(new Delivered(side, e)), 1 << 20);

        ByteBuffer call0 = view(window, 0, 16);
        order.offer(0, new CausalOrder.Data(0, call0, Long.MIN_VALUE));   // the call's first 16 bytes: no wait
        assertEquals(1, out.size());
        assertSame(call0, ((CausalOrder.Data) out.get(0).event()).bytes(), "delivered at once: the view itself");

        // The reply acknowledges 32 bytes of the call; only 16 were decoded: it waits.
        order.offer(1, new CausalOrder.Data(0, view(window, 40, 8), 32));
        assertEquals(1, out.size());

        order.offer(0, new CausalOrder.Data(16, view(window, 16, 16), Long.MIN_VALUE));   // the call's rest
        assertEquals(3, out.size());
        assertEquals(0, out.get(1).side());
        assertEquals(1, out.get(2).side(), "the reply after the call's last bytes");
        ByteBuffer reply = ((CausalOrder.Data) out.get(2).event()).bytes();
        assertEquals(8, reply.remaining());
        assertEquals(8, reply.capacity(), "the waiting reply kept its 8 bytes, not the 1 MiB window");
        assertTrue(reply.isReadOnly());
        for (int i = 0; i < 8; i++) assertEquals(40 + i, reply.get(reply.position() + i));
    }
}
