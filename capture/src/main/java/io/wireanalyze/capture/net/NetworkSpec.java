package io.wireanalyze.capture.net;

import java.util.Objects;

/**
 * A network with its link: {@code lan100 (100 Mbit/s, MTU 1500)}. Reports name it so every figure says where it
 * came from.
 */
public record NetworkSpec(Network network, LinkSpec link) {

    public static final NetworkSpec LOOPBACK = of(Network.LOOPBACK);

    public NetworkSpec {
        Objects.requireNonNull(network, "network");
        Objects.requireNonNull(link, "link");
        if (network == Network.LOOPBACK && !link.equals(Network.LOOPBACK.preset()))
            throw new IllegalArgumentException("loopback: " + link.describe() + " (expected: lo as it is; --rate, --mtu, --delay and --loss need --network custom)");
    }

    /** The network with its preset link. */
    public static NetworkSpec of(Network n) {
        return new NetworkSpec(n, n.preset());
    }

    public boolean emulated() {
        return network.emulated();
    }

    /**
     * {@code loopback (lo, unlimited rate, MTU 65536)}, {@code lan100 (100 Mbit/s, MTU 1500; servers in a network
     * namespace behind a veth pair)}.
     */
    public String describe() {
        return network + " (" + (emulated() ? link.describe() + "; servers in a network namespace behind a veth pair"
                : "lo, " + link.describe()) + ")";
    }
}
