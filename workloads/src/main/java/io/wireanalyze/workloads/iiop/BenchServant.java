package io.wireanalyze.workloads.iiop;

import io.wireanalyze.workloads.iiop.bench.BenchServiceOperations;
import io.wireanalyze.workloads.service.BenchSemantics;

/**
 * The servant's operations: the one semantics ({@link BenchSemantics}), activated through the IDL compiler's tie
 * ({@code BenchServicePOATie}); the IDL's one operation of its own, {@code sendWChars}, counts like {@code sendChars}.
 */
final class BenchServant extends BenchSemantics implements BenchServiceOperations {
    @Override
    public int sendWChars(String s) {
        return sendChars(s);
    }
}
