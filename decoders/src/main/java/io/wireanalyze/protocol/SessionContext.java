package io.wireanalyze.protocol;

import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.tcp.BufferPool;

import java.util.Map;
import java.util.Set;

/**
 * What a session needs from outside its connection's bytes.
 *
 * @param limits      memory and work bounds
 * @param methodNames method names by RMI method hash (from the workload's interfaces and user jars)
 * @param midStream   the capture joined this connection after its protocol handshake
 * @param facts       what the connection tells the others of its capture and asks of them
 * @param buffers     where the session's message buffers (an HTTP body's array) come from and go back to: its
 *                    connection's pool, that of the thread decoding it ({@link BufferPool#NONE}: none kept)
 * @param methodWords method names to try when guessing an unknown method from its hash ({@code --method-names})
 * @param memo        the analysis' memo of pure functions ({@link Memo#NONE}: none)
 */
public record SessionContext(DecoderLimits limits, Map<Long, String> methodNames, boolean midStream, Facts facts,
                             BufferPool buffers, Set<String> methodWords, Memo memo) {

    /** A session guessing from the built-in words only, remembering no guess. */
    public SessionContext(DecoderLimits limits, Map<Long, String> methodNames, boolean midStream, Facts facts,
                          BufferPool buffers) {
        this(limits, methodNames, midStream, facts, buffers, Set.of(), Memo.NONE);
    }

    /** A session whose buffers are its own ({@link BufferPool#NONE}). */
    public SessionContext(DecoderLimits limits, Map<Long, String> methodNames, boolean midStream, Facts facts) {
        this(limits, methodNames, midStream, facts, BufferPool.NONE);
    }

    /** A connection decoded alone: its facts its own ({@link Facts#local()}). */
    public SessionContext(DecoderLimits limits, Map<Long, String> methodNames, boolean midStream) {
        this(limits, methodNames, midStream, Facts.local());
    }
}
