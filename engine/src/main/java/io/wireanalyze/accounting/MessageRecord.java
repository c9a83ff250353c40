package io.wireanalyze.accounting;

import io.wireanalyze.protocol.Message;

/**
 * A message placed in the capture.
 *
 * @param frame      first frame carrying its bytes (null when none was captured)
 * @param lastFrame  last frame carrying its bytes
 * @param timeMs     time of its first frame since the capture's start
 * @param connection connection id
 * @param message    what was decoded
 * @param packets    packets accounted to it (its data packets and the pure ACKs acknowledging it)
 */
public record MessageRecord(Long frame, Long lastFrame, Double timeMs, int connection, Message message, long packets) {
}
