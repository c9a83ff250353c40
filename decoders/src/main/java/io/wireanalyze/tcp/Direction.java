package io.wireanalyze.tcp;

/** Which way bytes flow on a connection: from the client (the side that sent the SYN, or that the protocol says calls) or from the server. */
public enum Direction {
    C2S("c2s"),
    S2C("s2c");

    private final String label;

    Direction(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public Direction reverse() {
        return this == C2S ? S2C : C2S;
    }

    @Override
    public String toString() {
        return label;
    }
}
