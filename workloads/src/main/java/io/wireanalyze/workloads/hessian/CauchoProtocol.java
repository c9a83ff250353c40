package io.wireanalyze.workloads.hessian;

/** Which of the two protocols in Caucho's hessian jar a run speaks. */
public enum CauchoProtocol {
    /** Hessian 1.0 or 2.0, binary: HessianSkeleton, HessianProxyFactory. */
    HESSIAN("hessian", "/hessian/bench"),
    /** Burlap, Hessian 1.0's values written as XML: BurlapSkeleton, BurlapProxyFactory. */
    BURLAP("burlap", "/burlap/bench");

    private final String label;
    private final String path;

    CauchoProtocol(String label, String path) {
        this.label = label;
        this.path = path;
    }

    /** The servlet's path. */
    public String path() {
        return path;
    }

    @Override
    public String toString() {
        return label;
    }

    public static CauchoProtocol of(String text) {
        for (CauchoProtocol p : values()) if (p.label.equals(text)) return p;
        throw new IllegalArgumentException("Caucho protocol '" + text + "' (expected: hessian or burlap)");
    }
}
