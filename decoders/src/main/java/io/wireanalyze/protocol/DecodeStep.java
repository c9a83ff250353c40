package io.wireanalyze.protocol;

import io.wireanalyze.codec.Failure;

/**
 * The result of one decode attempt on a direction's buffered bytes: a message, a request for more bytes,
 * or malformed input as a value (never an exception).
 */
public sealed interface DecodeStep<M> {

    /** A complete message that used {@code consumed} bytes from the start of the buffer (consumed > 0). */
    record Decoded<M>(M message, int consumed) implements DecodeStep<M> {
    }

    /**
     * The buffer holds the start of a message; at least {@code atLeast} bytes in all are needed.
     *
     * @param exact whether {@code atLeast} is the message's length (from a length field), so it is decodable as
     *              soon as that many bytes are there; false when it is only a lower bound (a JRMP serialization
     *              stream that has not ended yet)
     */
    record NeedMore<M>(int atLeast, boolean exact) implements DecodeStep<M> {
        public NeedMore(int atLeast) {
            this(atLeast, true);
        }

        public static <M> NeedMore<M> lowerBound(int atLeast) {
            return new NeedMore<>(atLeast, false);
        }
    }

    /** Not a valid message: the failure's offset is a stream offset. */
    record Malformed<M>(Failure failure) implements DecodeStep<M> {
        /** Not a valid message at stream {@code offset}: {@code field} names the element, {@code reason} says actual and expected. */
        public Malformed(long offset, String field, String reason) {
            this(new Failure(offset, field, reason));
        }

        public long offset() {
            return failure.offset();
        }

        public String field() {
            return failure.field();
        }

        public String reason() {
            return failure.reason();
        }
    }
}
