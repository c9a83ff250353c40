package io.wireanalyze.accounting;

import io.wireanalyze.frame.Endpoint;

import java.util.Objects;

/**
 * A TCP flow's two endpoints, the lesser first: both directions of a 4-tuple have one key. A key in a table never
 * changes; the {@link Tracker} also keeps one {@linkplain #probe() probe}, set to each packet's flow in turn to look
 * its flow up without a key made per packet, and never put in a table.
 */
final class FlowKey {

    private Endpoint a;
    private Endpoint b;
    /** The hash, kept: it is asked per packet (the tables, the worker of a flow), of four fields each time before. */
    private int hash;

    private FlowKey() {
    }

    static FlowKey of(Endpoint x, Endpoint y) {
        return new FlowKey().set(x, y);
    }

    /** A key to look flows up with ({@link #set}); a table is given {@link #copy()}s of it. */
    static FlowKey probe() {
        return new FlowKey();
    }

    /** This probe, now the flow of {@code x} and {@code y}. */
    FlowKey set(Endpoint x, Endpoint y) {
        boolean lesserFirst = x.compareTo(y) <= 0;
        a = lesserFirst ? x : y;
        b = lesserFirst ? y : x;
        hash = mix(Objects.hashCode(a) * 31 + Objects.hashCode(b));
        return this;
    }

    /**
     * The endpoints' hashes combined, with the bits mixed (MurmurHash3's finalizer). Combined alone, the hash is a sum of
     * the endpoints' fields times powers of 31, so its low bits are those of a sum of the addresses and ports: when a
     * capture's client and server addresses rise together (one host pair after another, as the bench's replays and
     * many test rigs number them), the sum's parity is the ports', and modulo 2 every connection of one kind (its two
     * ports fixed) went to the same one of two workers. On the bench's mixed capture one worker then did a quarter more
     * than the other and ran on alone at the end.
     */
    private static int mix(int h) {
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        return h ^ h >>> 16;
    }

    /** The lesser endpoint. */
    Endpoint a() {
        return a;
    }

    /** The greater endpoint. */
    Endpoint b() {
        return b;
    }

    FlowKey copy() {
        return of(a, b);
    }

    /** Written out (as {@link Endpoint}'s): the generated one, through method handles, showed per packet; the same value. */
    @Override
    public boolean equals(Object o) {
        return o instanceof FlowKey k && hash == k.hash && Objects.equals(a, k.a) && Objects.equals(b, k.b);
    }

    /** {@code a}'s hash times 31 plus {@code b}'s, mixed ({@link #mix}): kept, as {@link #part} and the tables ask it per packet. */
    @Override
    public int hashCode() {
        return hash;
    }

    /** The part (of {@code parts}, at least one) that analyses this flow: a worker, a split's part, a Spark partition. */
    int part(int parts) {
        return Math.floorMod(hash, parts);
    }

    /** Whether a packet from {@code src} goes from the lesser endpoint to the greater. */
    boolean forward(Endpoint src) {
        return src.equals(a);
    }
}
