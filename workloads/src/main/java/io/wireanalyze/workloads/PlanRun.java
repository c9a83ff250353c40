package io.wireanalyze.workloads;

import java.util.Optional;

/**
 * What every client does the same way once it holds its remote reference: the warm-up calls, the marker
 * call, the measured calls and the hold, each timed with System.nanoTime() and logged. It remembers the
 * step it is at, for the client's one-line failure message.
 */
public final class PlanRun {

    /** One remote call with its argument already built, so building it is not timed. */
    @FunctionalInterface
    public interface Call<E extends Exception> {
        Object call() throws E;
    }

    private String step;

    /** @param firstStep what the client does first (its lookup), named in a failure before any call */
    public PlanRun(String firstStep) {
        this.step = firstStep;
    }

    /** The step under way, e.g. "measured call 3 (sendInts)". */
    public String step() {
        return step;
    }

    /**
     * Runs the plan's calls.
     *
     * @param method the method name logged for the warm-up and measured calls
     * @param call   one call of the plan's payload
     * @param marker the {@code wireanalyzeMark} call, made after the warm-up calls if there are any
     */
    public <E extends Exception> void calls(Plan plan, CallLog log, String method, Call<E> call, Call<E> marker)
            throws E, InterruptedException {
        for (int i = 0; i < plan.warmup(); i++) {
            step = "warm-up call " + i + " (" + method + ")";
            timed(log, CallKind.WARMUP, method, call);
        }
        if (plan.marks()) {
            step = "marker call (" + BenchValues.MARK_METHOD + ")";
            timed(log, CallKind.MARK, BenchValues.MARK_METHOD, marker);
        }
        for (int i = 0; i < plan.invocations(); i++) {
            step = "measured call " + i + " (" + method + ")";
            timed(log, CallKind.MEASURED, method, call);
        }
        if (!plan.hold().isZero()) {
            step = "hold";
            Thread.sleep(plan.hold().toMillis());
        }
    }

    private static <E extends Exception> void timed(CallLog log, CallKind kind, String method, Call<E> call) throws E {
        long start = System.nanoTime();
        Object result = call.call();
        long end = System.nanoTime();
        log.add(kind, method, start, end, Optional.ofNullable(result).map(String::valueOf));
    }
}
