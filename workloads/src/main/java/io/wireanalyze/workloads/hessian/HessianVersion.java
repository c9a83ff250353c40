package io.wireanalyze.workloads.hessian;

import io.wireanalyze.workloads.Choice;

/** {@code --hessian-version}: the Hessian the client's calls are written in; the server answers in the same. */
@Choice("Hessian version")
public enum HessianVersion {
    /** Hessian 1.0: {@code c 0x01 0x00} calls, {@code r 0x01 0x00} replies. */
    V1("1"),
    /** Hessian 2.0: {@code H 0x02 0x00 C} calls, {@code H 0x02 0x00 R} replies, compact values and class definitions. */
    V2("2");

    private final String label;

    HessianVersion(String label) {
        this.label = label;
    }

    @Override
    public String toString() {
        return label;
    }
}
