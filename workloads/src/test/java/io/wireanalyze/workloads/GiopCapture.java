package io.wireanalyze.workloads;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Test helper: the GIOP message headers in the segments a {@link LoopbackCapture} saw, so the CORBA workload
 * tests can check what the ORBs put on the wire (fragments, GIOP versions).
 */
public final class GiopCapture {
    private static final int GIOP_MAGIC = 0x47494F50;   // "GIOP"
    private static final int HEADER = 12;

    /** One GIOP message header: CORBA 3.0 section 15.4.1, tshark giop.minor_version, giop.type, giop.len. */
    public record Message(int serverPort, boolean toServer, int minor, int type, long size) {
        @Override
        public String toString() {
            return (toServer ? "c2s" : "s2c") + " 1." + minor + " type " + type + " len " + size;
        }
    }

    private GiopCapture() {
    }

    /** The messages of every connection, in the order their last byte was captured. */
    public static List<Message> messages(List<LoopbackCapture.Segment> segments) {
        Map<String, byte[]> buffers = new HashMap<>();
        List<Message> out = new ArrayList<>();
        for (LoopbackCapture.Segment s : segments) {
            String flow = s.clientPort() + ">" + s.serverPort() + ">" + s.toServer();
            byte[] b = concat(buffers.getOrDefault(flow, new byte[0]), s.data());
            int at = 0;
            while (b.length - at >= HEADER) {
                ByteBuffer h = ByteBuffer.wrap(b, at, HEADER).slice();
                if (h.getInt(0) != GIOP_MAGIC) break;
                h.order((h.get(6) & 1) != 0 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
                long size = Integer.toUnsignedLong(h.getInt(8));
                if (b.length - at < HEADER + size) break;
                out.add(new Message(s.serverPort(), s.toServer(), h.get(5), h.get(7), size));
                at += HEADER + (int) size;
            }
            buffers.put(flow, Arrays.copyOfRange(b, at, b.length));
        }
        return out;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }
}
