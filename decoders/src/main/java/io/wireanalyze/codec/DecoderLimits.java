package io.wireanalyze.codec;

/**
 * Bounds on memory and work per message. What exceeds them is reported as malformed, with its offset and
 * reason, and the rest of the capture is still analysed.
 *
 * @param maxMessageBytes     largest message a decoder will buffer (bytes)
 * @param maxNestingDepth     deepest nesting of serialized objects (or other recursive structures)
 * @param maxObjects          most serialized objects, class descriptors and handles in one message
 * @param maxStringChars      most characters kept of one decoded string (the rest is counted, not kept)
 * @param maxBufferedStreamBytes most out-of-order bytes buffered per TCP direction before the gap is given up
 * @param maxHeaderBytes      longest header section of a text protocol (HTTP: request or status line, and each
 *                            of the header block's lines together)
 * @param maxHeaderCount      most header fields of one message
 * @param maxHoleWaitMillis   longest a hole in a TCP direction waits, in capture time, for the segment that fills it
 *                            once the peer acknowledged it (reordering: the data may come after its ACK)
 * @param xml                 bounds on an XML document (SOAP envelopes, WSDL): depth, elements, attributes
 */
public record DecoderLimits(int maxMessageBytes, int maxNestingDepth, int maxObjects, int maxStringChars,
                            int maxBufferedStreamBytes, int maxHeaderBytes, int maxHeaderCount, int maxHoleWaitMillis,
                            XmlLimits xml) {

    public static final DecoderLimits DEFAULT = new DecoderLimits(64 << 20, 256, 1_000_000, 256, 16 << 20, 64 << 10, 256, 10_000,
            XmlLimits.DEFAULT);

    public DecoderLimits {
        if (maxMessageBytes <= 0 || maxNestingDepth <= 0 || maxObjects <= 0 || maxStringChars < 0 || maxBufferedStreamBytes <= 0
                || maxHeaderBytes <= 0 || maxHeaderCount <= 0 || maxHoleWaitMillis < 0 || xml == null)
            throw new IllegalArgumentException("limits must be positive: " + this);
    }

    /** These limits with the default XML limits. */
    public DecoderLimits(int maxMessageBytes, int maxNestingDepth, int maxObjects, int maxStringChars, int maxBufferedStreamBytes,
                         int maxHeaderBytes, int maxHeaderCount, int maxHoleWaitMillis) {
        this(maxMessageBytes, maxNestingDepth, maxObjects, maxStringChars, maxBufferedStreamBytes, maxHeaderBytes, maxHeaderCount,
                maxHoleWaitMillis, XmlLimits.DEFAULT);
    }

    /** These limits with the default hole wait and XML limits. */
    public DecoderLimits(int maxMessageBytes, int maxNestingDepth, int maxObjects, int maxStringChars, int maxBufferedStreamBytes,
                         int maxHeaderBytes, int maxHeaderCount) {
        this(maxMessageBytes, maxNestingDepth, maxObjects, maxStringChars, maxBufferedStreamBytes, maxHeaderBytes, maxHeaderCount, 10_000);
    }

    /** These limits with the default header limits, hole wait and XML limits. */
    public DecoderLimits(int maxMessageBytes, int maxNestingDepth, int maxObjects, int maxStringChars, int maxBufferedStreamBytes) {
        this(maxMessageBytes, maxNestingDepth, maxObjects, maxStringChars, maxBufferedStreamBytes, 64 << 10, 256);
    }

    /** These limits with other XML limits. */
    public DecoderLimits withXml(XmlLimits x) {
        return new DecoderLimits(maxMessageBytes, maxNestingDepth, maxObjects, maxStringChars, maxBufferedStreamBytes,
                maxHeaderBytes, maxHeaderCount, maxHoleWaitMillis, x);
    }
}
