package io.wireanalyze.workloads.hessian;

import io.wireanalyze.workloads.Choice;
import io.wireanalyze.workloads.EnumLabels;
import io.wireanalyze.workloads.Labelled;

/** Which of the two protocols in Caucho's hessian jar a run speaks. */
@Choice("Caucho protocol")
public enum CauchoProtocol implements Labelled {
    /** Hessian 1.0 or 2.0, binary: HessianSkeleton, HessianProxyFactory. */
    HESSIAN("/hessian/bench"),
    /** Burlap, Hessian 1.0's values written as XML: BurlapSkeleton, BurlapProxyFactory. */
    BURLAP("/burlap/bench");

    private final String path;

    CauchoProtocol(String path) {
        this.path = path;
    }

    /** The servlet's path. */
    public String path() {
        return path;
    }

    public static CauchoProtocol of(String text) {
        return EnumLabels.parse(CauchoProtocol.class, text).orElseThrow();
    }
}
