package io.wireanalyze.codec;

/**
 * Bounds on one XML document (a SOAP envelope, a WSDL): streamed, never built as a tree, so what is bounded is the
 * work and the nesting the reader follows. Its size is the message's ({@link DecoderLimits#maxMessageBytes}).
 *
 * @param maxDepth      deepest element nesting (the root is depth 1)
 * @param maxElements   most elements in one document
 * @param maxAttributes most attributes and namespace declarations on one element
 */
public record XmlLimits(int maxDepth, int maxElements, int maxAttributes) {

    /** 128 levels, 4 million elements (an int[] of N is N + 3 of them in a SOAP envelope), 256 attributes. */
    public static final XmlLimits DEFAULT = new XmlLimits(128, 4_000_000, 256);

    public XmlLimits {
        if (maxDepth <= 0 || maxElements <= 0 || maxAttributes <= 0)
            throw new IllegalArgumentException("XML limits must be positive: " + this);
    }
}
