package io.wireanalyze.protocol;

import java.util.Map;

/**
 * What a session needs from outside the bytes: limits, names for method hashes, and what earlier connections
 * taught (e.g. which endpoint the naming service handed out).
 *
 * @param limits       memory and work bounds
 * @param methodNames  method names by RMI method hash (from the workload's interfaces and user jars)
 * @param midStream    the capture joined this connection after its protocol handshake
 */
public record SessionContext(DecoderLimits limits, Map<Long, String> methodNames, boolean midStream) {
}
