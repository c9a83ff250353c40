package io.wireanalyze.protocol;

import io.wireanalyze.codec.DecoderLimits;

import java.util.Map;

/**
 * What a session needs from outside its connection's bytes.
 *
 * @param limits      memory and work bounds
 * @param methodNames method names by RMI method hash (from the workload's interfaces and user jars)
 * @param midStream   the capture joined this connection after its protocol handshake
 */
public record SessionContext(DecoderLimits limits, Map<Long, String> methodNames, boolean midStream) {
}
