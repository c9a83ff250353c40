package io.wireanalyze.workloads.jrmp;

import io.wireanalyze.workloads.OptionGroup;
import io.wireanalyze.workloads.Parsed;
import io.wireanalyze.workloads.ParsedConverter;
import io.wireanalyze.workloads.Plan;
import io.wireanalyze.workloads.ServerConfig;
import io.wireanalyze.workloads.StubRelease;
import picocli.CommandLine.Option;

/**
 * {@code --lease-ms} and {@code --drop-stub}: Java RMI's distributed garbage collection, for the workloads whose
 * clients hold JRMP stubs (lease renewals with {@code --hold-ms}, a clean call when the stub is dropped).
 */
public final class DgcOptions implements OptionGroup {
    /** The server's DGC lease in ms; clients renew at half of it (JDK default 600000). */
    public static final String LEASE_VALUE_PROPERTY = "java.rmi.dgc.leaseValue";

    @Option(names = "--lease-ms", paramLabel = "MS", converter = LeaseConverter.class,
            description = "The server's java.rmi.dgc.leaseValue: a short lease makes the client renew it with DGC dirty calls (with --hold-ms).")
    Long leaseMs;

    @Option(names = "--drop-stub", description = "After the calls, drop the stub and collect it so the client's DGC sends a clean call.")
    boolean dropStub;

    /** {@code config} with the server's lease, when one was given. */
    public ServerConfig applyTo(ServerConfig config) {
        return leaseMs == null ? config : config.withServerProperty(LEASE_VALUE_PROPERTY, Long.toString(leaseMs));
    }

    @Override
    public Plan applyTo(Plan plan) {
        return dropStub ? plan.withRelease(StubRelease.DROP_AND_GC) : plan;
    }

    /** A lease of at least 1 ms. */
    public static final class LeaseConverter extends ParsedConverter<Long> {
        @Override
        protected Parsed<Long> parse(String text) {
            String expected = " (expected: milliseconds, 1.." + Integer.MAX_VALUE + ")";
            if (text.isEmpty() || text.length() > 10 || !text.chars().allMatch(c -> c >= '0' && c <= '9'))
                return Parsed.invalid("'" + text + "'" + expected);
            long ms = Long.parseLong(text);
            return ms >= 1 && ms <= Integer.MAX_VALUE ? Parsed.ok(ms) : Parsed.invalid(ms + expected);
        }
    }
}
