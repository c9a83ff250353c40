package io.wireanalyze.protocol.hessian;

/** The Hessian grammar a message's values are written in: 1.0 (Caucho's original) or 2.0 (compact encodings, class definitions). */
public enum HessianVersion {
    V1("1.0"),
    V2("2.0");

    private final String label;

    HessianVersion(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }
}
