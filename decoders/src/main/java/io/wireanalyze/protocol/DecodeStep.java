package io.wireanalyze.protocol;

/**
 * The result of one decode attempt on a direction's buffered bytes: a message, a request for more bytes,
 * or malformed input as a value (never an exception).
 */
public sealed interface DecodeStep<M> {

    /** A complete message that used {@code consumed} bytes from the start of the buffer (consumed > 0). */
    record Decoded<M>(M message, int consumed) implements DecodeStep<M> {
    }

    /** The buffer holds the start of a message; at least {@code atLeast} bytes in all are needed. */
    record NeedMore<M>(int atLeast) implements DecodeStep<M> {
    }

    /** Not a valid message at stream {@code offset}: {@code field} names the element, {@code reason} says actual and expected. */
    record Malformed<M>(long offset, String field, String reason) implements DecodeStep<M> {
    }
}
