package io.wireanalyze.protocol;

import io.wireanalyze.protocol.giop.NamingRegistry;

import java.util.Map;

/**
 * What a session needs from outside the bytes: limits, names for method hashes, and what earlier connections
 * taught (e.g. which endpoint the naming service handed out).
 *
 * @param limits       memory and work bounds
 * @param methodNames  method names by RMI method hash (from the workload's interfaces and user jars)
 * @param midStream    the capture joined this connection after its protocol handshake
 * @param naming       the CORBA naming contexts earlier GIOP connections were handed; shared by every
 *                     connection of one analysis (the only mutable state sessions share)
 */
public record SessionContext(DecoderLimits limits, Map<Long, String> methodNames, boolean midStream, NamingRegistry naming) {

    /** A context whose naming registry is this connection's own (nothing learned from other connections). */
    public SessionContext(DecoderLimits limits, Map<Long, String> methodNames, boolean midStream) {
        this(limits, methodNames, midStream, new NamingRegistry());
    }
}
