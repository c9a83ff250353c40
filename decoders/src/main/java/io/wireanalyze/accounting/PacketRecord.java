package io.wireanalyze.accounting;

/**
 * What pass one keeps of each TCP packet, for pass two to account it.
 *
 * @param frame          frame number
 * @param timestampNanos capture time
 * @param connection     connection id (1-based)
 * @param fromInitiator  sent by the connection's initiator
 * @param flags          TCP flags
 * @param wireLength     frame length on the wire
 * @param payloadLength  TCP payload length on the wire
 * @param streamOffset   stream offset of the payload's first byte in its direction
 * @param rawAck         the acknowledgement number (unsigned 32 bits), or -1 without ACK
 * @param retransmission it carried no byte not seen before
 */
record PacketRecord(long frame, long timestampNanos, int connection, boolean fromInitiator, int flags, int wireLength,
                    int payloadLength, long streamOffset, long rawAck, boolean retransmission) {
}
