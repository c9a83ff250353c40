package io.wireanalyze.protocol;

import io.wireanalyze.tcp.BufferPool;

import io.wireanalyze.codec.DecoderLimits;

import java.util.Map;
import java.util.Set;

/**
 * What every connection of one analysis shares, handed to each protocol of the table when the analysis starts.
 *
 * @param limits      memory and work bounds
 * @param methodNames method names by RMI method hash (from the workload's interfaces and user jars)
 * @param methodWords method names to try when guessing an unknown method from its hash ({@code --method-names})
 * @param memo        the analysis' memo of pure functions ({@link Memo#NONE}: none)
 */
public record AnalysisScope(DecoderLimits limits, Map<Long, String> methodNames, Set<String> methodWords, Memo memo) {

    public AnalysisScope {
        methodNames = Map.copyOf(methodNames);
        methodWords = Set.copyOf(methodWords);
    }

    public AnalysisScope(DecoderLimits limits, Map<Long, String> methodNames, Set<String> methodWords) {
        this(limits, methodNames, methodWords, Memo.NONE);
    }

    public AnalysisScope(DecoderLimits limits, Map<Long, String> methodNames) {
        this(limits, methodNames, Set.of());
    }

    /** The context of one connection's session, whose facts go to and come from {@code facts}. */
    public SessionContext session(boolean midStream, Facts facts) {
        return session(midStream, facts, BufferPool.NONE);
    }

    /** The same, its message buffers taken from and given back to {@code buffers} (the connection's thread's pool). */
    public SessionContext session(boolean midStream, Facts facts, BufferPool buffers) {
        return new SessionContext(limits, methodNames, midStream, facts, buffers, methodWords, memo);
    }
}
