package io.wireanalyze.workloads.service;

/** The server side of {@link Bench} (Hessian, Burlap, Spring HttpInvoker): the one semantics. */
public final class BenchImpl extends BenchSemantics implements Bench {
}
