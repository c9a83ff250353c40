package io.wireanalyze.protocol;

import io.wireanalyze.codec.DecoderLimits;

import java.util.Map;

/**
 * What every connection of one analysis shares, handed to each protocol of the table when the analysis starts.
 *
 * @param limits      memory and work bounds
 * @param methodNames method names by RMI method hash (from the workload's interfaces and user jars)
 */
public record AnalysisScope(DecoderLimits limits, Map<Long, String> methodNames) {

    public AnalysisScope {
        methodNames = Map.copyOf(methodNames);
    }

    /** The context of one connection's session. */
    public SessionContext session(boolean midStream) {
        return new SessionContext(limits, methodNames, midStream);
    }
}
