package io.wireanalyze.frame;

/**
 * The endpoints of the packets parsed so far, for a reader that parses one capture's frames in turn
 * ({@link PacketParser#parse(Frame, Endpoints)}): a packet's two endpoints are nearly always those of the packet before it
 * in its flow, so they are found here instead of made again (two objects per packet, 3% of an analysis' allocation).
 * Direct-mapped: an endpoint takes the slot of its hash, replacing the one there. Endpoints are values, so which of two
 * equal ones a packet gets changes nothing. Not thread-safe; the endpoints it gives are immutable and shared freely.
 */
public final class Endpoints {

    /** Slots: more than the endpoints a capture has active at once (one per connection and its servers), 64 KiB. */
    static final int SLOTS = 1 << 14;

    private final Endpoint[] slots = new Endpoint[SLOTS];

    /**
     * The endpoint with these fields (as {@link Endpoint} holds them), from here when a packet before had it: for a
     * reader given packets another reader parsed (a cluster's driver, given a file's segments by its task).
     */
    public Endpoint of(boolean v6, long hi, long lo, int port) {
        return v6 ? ipv6(hi, lo, port) : ipv4((int) lo, port);
    }

    Endpoint ipv4(int address, int port) {
        long lo = Integer.toUnsignedLong(address);
        int i = slot(0, lo, port);
        Endpoint e = slots[i];
        if (e != null && e.lo() == lo && e.port() == port && !e.v6()) return e;
        return slots[i] = Endpoint.ipv4(address, port);
    }

    Endpoint ipv6(long hi, long lo, int port) {
        int i = slot(hi, lo, port);
        Endpoint e = slots[i];
        if (e != null && e.lo() == lo && e.hi() == hi && e.port() == port && e.v6()) return e;
        return slots[i] = new Endpoint(true, hi, lo, port);
    }

    /** A slot from the address and port mixed (a Fibonacci hash: the clients of one host differ in the port alone). */
    static int slot(long hi, long lo, int port) {
        long h = (hi * 31 + lo) * 31 + port;
        return (int) ((h * 0x9E3779B97F4A7C15L) >>> (64 - 14));
    }
}
