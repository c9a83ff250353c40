package io.wireanalyze.protocol;

/**
 * A count of a message's bytes by what they are (an outer layer's framing, the values apart from their markup, a
 * security header), which a protocol's details declare ({@link Details#counts}). The engine adds each up over the
 * messages of an invocation; the reports write it per invocation under {@link #key} (JSON, CSV) and {@link #label}
 * (the text report). The protocol table lists every count in report order; a protocol with a count of its own
 * declares the constant in its package and adds it there.
 *
 * @param key   the key in JSON and CSV, e.g. {@code valueBytes}
 * @param label what the bytes are, for the text report's rows, e.g. {@code value bytes (the values)}
 * @param sum   how an invocation adds it up over its messages
 */
public record ByteCount(String key, String label, Sum sum) {

    /** How an invocation's count is made of its messages'. */
    public enum Sum {
        /**
         * A message that does not declare the count has none of such bytes: the invocation's count is the sum of the
         * messages that do, and absent when that is 0 (no message is layered).
         */
        ABSENT_IS_NONE,
        /**
         * A message that does not declare the count cannot tell such bytes apart: the invocation's count is known
         * only when every one of its messages declares it.
         */
        ABSENT_IS_UNKNOWN
    }

    /**
     * Written out, as the record's own would be (the same fields compared, the same hash, {@code 31 * h + field}): a
     * message's counts are looked up by their count for every invocation, and the record's own go through method
     * handles, which C1's code calls for every look-up.
     */
    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof ByteCount c && java.util.Objects.equals(key, c.key) && java.util.Objects.equals(label, c.label)
                && sum == c.sum;
    }

    @Override
    public int hashCode() {
        int h = java.util.Objects.hashCode(key);
        h = h * 31 + java.util.Objects.hashCode(label);
        return h * 31 + java.util.Objects.hashCode(sum);
    }

    /** Bytes of an outer layer's framing around the message (HTTP start line, header fields, chunk sizes; TLS records). */
    public static final ByteCount FRAMING = new ByteCount("framingBytes", "outer framing bytes", Sum.ABSENT_IS_NONE);

    /**
     * Bytes of the argument or return values themselves, apart from the markup around them (the text of a SOAP Body),
     * where the protocol tells the two apart.
     */
    public static final ByteCount VALUES = new ByteCount("valueBytes", "value bytes (the values)", Sum.ABSENT_IS_UNKNOWN);
}
