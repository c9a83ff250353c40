package io.wireanalyze.workloads.hessian;

import io.wireanalyze.workloads.Payload;
import io.wireanalyze.workloads.PlanRun;

/** The calls of a payload on any proxy of {@link BenchHessian}, for the other workloads that export it (httpinvoker). */
public final class HessianCallsAccess {

    private HessianCallsAccess() {
    }

    public static PlanRun.Call<RuntimeException> prepare(BenchHessian s, Payload payload) {
        return HessianCalls.prepare(s, payload);
    }

    public static PlanRun.Call<RuntimeException> marker(BenchHessian s) {
        return HessianCalls.marker(s);
    }
}
