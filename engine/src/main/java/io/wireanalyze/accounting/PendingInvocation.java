package io.wireanalyze.accounting;

/**
 * An invocation of an accounted connection, before what depends on other connections is known: whether it is
 * warm-up (on a connection without a marker call, that depends on when the capture's first marker was sent) and
 * whether it is a leg of, or has legs on, other connections ({@link Legs}).
 *
 * @param record              the invocation, its warm-up flag and legs not final
 * @param seq                 its connection's id and its place there: what orders invocations with one request frame
 * @param warmup              whether it is warm-up; null when its connection has no marker call
 * @param requestFirstNanos   the earliest time of its request's packets: warm-up when before the capture's first marker
 * @param call                what makes two legs the same call (target, operation, name and argument bytes)
 * @param startNanos          when its request was sent (earliest packet)
 * @param replyStartNanos     when its reply began
 * @param endNanos            when its reply ended; -1 without a reply
 * @param wireBytes           frame bytes of its packets
 * @param aloneOnItsConnection its connection carried no other request
 * @param connectionPackets   packets of its connection
 * @param connectionWireBytes their frame bytes
 * @param connectionMs        its connection's first to last packet
 * @param clientHost          its connection's client address (without port)
 * @param serverHost          its connection's server address
 * @param wants               what a fact of another connection supplies to its method's name, or null
 * @param stamp               its request's place in the capture, for that fact
 */
record PendingInvocation(AnalysisResult.InvocationRecord record, long seq, Boolean warmup, long requestFirstNanos, String call, long startNanos, long replyStartNanos, long endNanos,
                         long wireBytes, boolean aloneOnItsConnection, long connectionPackets, long connectionWireBytes,
                         double connectionMs, String clientHost, String serverHost, io.wireanalyze.protocol.FactRef wants, long stamp) {

    /** Its method named with what the capture's facts supply ({@link Settlement}). */
    PendingInvocation settled(Settlement facts) {
        if (wants == null || wants.methodAt() < 0) return this;
        String value = facts.at(wants, stamp);
        if (value == null) return this;
        return new PendingInvocation(record.withMethod(wants.method(record.method(), value)), seq, warmup, requestFirstNanos, call,
                startNanos, replyStartNanos, endNanos, wireBytes, aloneOnItsConnection, connectionPackets, connectionWireBytes,
                connectionMs, clientHost, serverHost, null, stamp);
    }
}
