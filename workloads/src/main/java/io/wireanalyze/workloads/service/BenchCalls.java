package io.wireanalyze.workloads.service;

import io.wireanalyze.workloads.BenchMethod;
import io.wireanalyze.workloads.BenchValues;
import io.wireanalyze.workloads.CallLog;
import io.wireanalyze.workloads.Payload;
import io.wireanalyze.workloads.Plan;
import io.wireanalyze.workloads.PlanRun;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Method;
import java.util.List;

/**
 * The calls of a payload on any stack's proxy of the benchmark service: one runner for every Java interface of it
 * ({@link BenchService} over RMI, {@link Bench} over Hessian, Burlap and HttpInvoker, the JAX-WS port), whose methods
 * all have the names of {@link BenchMethod}. The method is found once and its argument built once, so that neither
 * is timed; a call goes through the proxy as a direct call would, and throws what it throws, unwrapped.
 */
public final class BenchCalls {

    private BenchCalls() {
    }

    /**
     * One call of the payload on {@code proxy}, a proxy of {@code api}.
     *
     * @param <E> the checked exception the interface's methods declare ({@code RemoteException} over RMI), or
     *            {@code RuntimeException}
     */
    public static <E extends Exception> PlanRun.Call<E> prepare(Class<?> api, Object proxy, Payload payload) {
        BenchMethod m = payload.method();
        MethodHandle call = switch (m) {
            case SEND_INTS -> handle(api, proxy, m.javaName(), int[].class, BenchValues.ints(payload.count()));
            case SEND_CHARS -> handle(api, proxy, m.javaName(), String.class, BenchValues.chars(payload.count()));
            case GET_OBJECTS -> handle(api, proxy, m.javaName(), int.class, payload.count());
            default -> handle(api, proxy, m.javaName(), null, null);
        };
        if (m == BenchMethod.GET_OBJECTS) return () -> ((List<?>) BenchCalls.<E>invoke(call)).size();   // the records' count is logged, not the records
        return () -> invoke(call);
    }

    /**
     * The plan's calls on {@code proxy}, a proxy of {@code api}: {@link #prepare} and {@link #marker} through
     * {@link PlanRun#calls}, logged under the payload's method name.
     */
    public static <E extends Exception> void calls(PlanRun run, Plan plan, CallLog log, Class<?> api, Object proxy) throws E, InterruptedException {
        run.calls(plan, log, plan.payload().method().javaName(), BenchCalls.<E>prepare(api, proxy, plan.payload()), BenchCalls.<E>marker(api, proxy));
    }

    /** The marker call between warm-up and measured calls. */
    public static <E extends Exception> PlanRun.Call<E> marker(Class<?> api, Object proxy) {
        MethodHandle mark = handle(api, proxy, BenchValues.MARK_METHOD, String.class, BenchValues.MEASURE_LABEL);
        return () -> {
            BenchCalls.<E>invoke(mark);
            return null;
        };
    }

    /** {@code api}'s method {@code name} bound to {@code proxy} and to its one argument, if it takes one. */
    private static MethodHandle handle(Class<?> api, Object proxy, String name, Class<?> parameter, Object argument) {
        try {
            Method method = parameter == null ? api.getMethod(name) : api.getMethod(name, parameter);
            MethodHandle h = MethodHandles.publicLookup().unreflect(method).bindTo(api.cast(proxy));
            return parameter == null ? h : MethodHandles.insertArguments(h, 0, argument);
        } catch (NoSuchMethodException | IllegalAccessException e) {
            throw new IllegalArgumentException(api.getName() + ": no public method " + name + "(" + (parameter == null ? "" : parameter.getSimpleName())
                    + ") (expected: the benchmark service's methods, named as BenchMethod names them)", e);
        }
    }

    /** Calls {@code h} and rethrows what the call threw as it is: the interface's checked exception, or an unchecked one. */
    @SuppressWarnings("unchecked")
    private static <E extends Exception> Object invoke(MethodHandle h) throws E {
        try {
            return h.invoke();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Exception e) {
            throw (E) e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
