package io.wireanalyze.reproduce;

import io.wireanalyze.capture.net.NetworkSpec;

import java.util.Optional;

/**
 * Where a seed's number was measured: client and server on one host, or on two computers with a network between
 * them. A run on loopback is one host; a run on an emulated network (lan100, lan1g, custom) is two computers. A
 * table or finding of the other setting is printed with the paper's numbers only, and says how to run it.
 */
public enum Setting {
    ANY("any"),
    ONE_HOST("one host"),
    TWO_COMPUTERS("two computers");

    private final String label;

    Setting(String label) {
        this.label = label;
    }

    @Override
    public String toString() {
        return label;
    }

    /** The setting a run on this network reproduces. */
    public static Setting of(NetworkSpec network) {
        return network.emulated() ? TWO_COMPUTERS : ONE_HOST;
    }

    /** True when a run on {@code network} measures what the paper measured in this setting. */
    public boolean covers(NetworkSpec network) {
        return this == ANY || this == of(network);
    }

    /** Why a run on {@code network} leaves it out, and how to run it. */
    String otherSetting(NetworkSpec network) {
        return "the paper measured it on " + label + "; this run is on " + network.network() + " (" + of(network) + "): run with --network "
                + (this == ONE_HOST ? "loopback" : "lan100");
    }

    static Optional<Setting> byLabel(String label) {
        for (Setting s : values()) if (s.label.equals(label)) return Optional.of(s);
        return Optional.empty();
    }
}
