package io.wireanalyze.capture.net;

import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The network a run's servers and clients talk over: today's loopback, or a link emulated between a network
 * namespace holding the servers and the root namespace holding the clients ({@link EmulatedLink}).
 */
public enum Network {
    /** 127.0.0.1 on {@code lo}: no rate limit, MTU 65536. */
    LOOPBACK("loopback", new LinkSpec(0, 65536, Duration.ZERO, 0)),
    /** 100 Mbit/s Ethernet with a 1500-byte MTU: the seeds' LAN. */
    LAN100("lan100", new LinkSpec(100_000_000L, 1500, Duration.ZERO, 0)),
    /** 1 Gbit/s Ethernet with a 1500-byte MTU. */
    LAN1G("lan1g", new LinkSpec(1_000_000_000L, 1500, Duration.ZERO, 0)),
    /** Rate, MTU, delay and loss as given ({@code --rate}, {@code --mtu}, {@code --delay}, {@code --loss}). */
    CUSTOM("custom", new LinkSpec(0, 1500, Duration.ZERO, 0));

    private final String label;
    private final LinkSpec preset;

    Network(String label, LinkSpec preset) {
        this.label = label;
        this.preset = preset;
    }

    /** The link this network has unless {@code custom} options change it. */
    public LinkSpec preset() {
        return preset;
    }

    /** True for every network but loopback: those need a namespace and a veth pair. */
    public boolean emulated() {
        return this != LOOPBACK;
    }

    @Override
    public String toString() {
        return label;
    }

    public static Optional<Network> parse(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(n -> n.label.equals(t)).findFirst();
    }

    /** {@code loopback, lan100, lan1g, custom}. */
    public static String labels() {
        return Arrays.stream(values()).map(Network::toString).collect(Collectors.joining(", "));
    }
}
