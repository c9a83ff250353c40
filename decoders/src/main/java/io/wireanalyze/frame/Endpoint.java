package io.wireanalyze.frame;

/**
 * An IP address and TCP port. IPv4 addresses are held in {@code lo} with {@code hi} zero and {@code v6}
 * false, so that no array or InetAddress is allocated per packet.
 */
public record Endpoint(boolean v6, long hi, long lo, int port) implements Comparable<Endpoint> {

    public static Endpoint ipv4(int address, int port) {
        return new Endpoint(false, 0, Integer.toUnsignedLong(address), port);
    }

    /** The address without the port, as Wireshark prints it. */
    public String address() {
        if (!v6) {
            long a = lo;   // a builder rather than +, which C1's code runs through the JDK's method handles
            return new StringBuilder(15).append((a >>> 24) & 0xff).append('.').append((a >>> 16) & 0xff).append('.')
                    .append((a >>> 8) & 0xff).append('.').append(a & 0xff).toString();
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            long word = i < 4 ? hi >>> (48 - 16 * i) : lo >>> (48 - 16 * (i - 4));
            if (i > 0) sb.append(':');
            sb.append(Long.toHexString(word & 0xffff));
        }
        return sb.toString().replaceFirst("(^|:)0(:0)+(:|$)", "::");
    }

    /**
     * Written out rather than left to the record's generated method (which goes through {@code ObjectMethods} method
     * handles, a visible cost per packet in the connection tables): the same fields compared, the same value as the
     * generated hash ({@code 31 * h + field}, from {@code v6} to {@code port}), so that hash tables keep their order.
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof Endpoint e && lo == e.lo && port == e.port && hi == e.hi && v6 == e.v6;
    }

    @Override
    public int hashCode() {
        int h = Boolean.hashCode(v6);
        h = h * 31 + Long.hashCode(hi);
        h = h * 31 + Long.hashCode(lo);
        return h * 31 + port;
    }

    @Override
    public String toString() {
        return v6 ? "[" + address() + "]:" + port : address() + ":" + port;
    }

    @Override
    public int compareTo(Endpoint o) {
        int c = Boolean.compare(v6, o.v6);
        if (c == 0) c = Long.compareUnsigned(hi, o.hi);
        if (c == 0) c = Long.compareUnsigned(lo, o.lo);
        if (c == 0) c = Integer.compare(port, o.port);
        return c;
    }
}
