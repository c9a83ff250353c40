package io.wireanalyze.protocol;

import io.wireanalyze.codec.DecoderLimits;

import java.util.Map;

/**
 * What a session needs from outside its connection's bytes.
 *
 * @param limits      memory and work bounds
 * @param methodNames method names by RMI method hash (from the workload's interfaces and user jars)
 * @param midStream   the capture joined this connection after its protocol handshake
 * @param facts       what the connection tells the others of its capture and asks of them
 */
public record SessionContext(DecoderLimits limits, Map<Long, String> methodNames, boolean midStream, Facts facts) {

    /** A connection decoded alone: its facts its own ({@link Facts#local()}). */
    public SessionContext(DecoderLimits limits, Map<Long, String> methodNames, boolean midStream) {
        this(limits, methodNames, midStream, Facts.local());
    }
}
