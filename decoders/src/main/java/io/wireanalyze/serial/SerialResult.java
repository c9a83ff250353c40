package io.wireanalyze.serial;

import io.wireanalyze.codec.Failure;

import java.util.List;

/** The outcome of {@link SerialWalker#walkStream}: where the stream ends, or why it cannot be walked. */
public sealed interface SerialResult {

    /**
     * Contents ended at a byte that cannot start a content (the next message starts at {@code end}, an absolute
     * index).
     */
    record Complete(int end, List<SerialNode> contents) implements SerialResult {
        public Complete {
            contents = List.copyOf(contents);
        }
    }

    /**
     * The buffer ended exactly at a top-level content boundary ({@code end} == limit): complete if no more bytes
     * belong to this stream.
     */
    record AtBoundary(int end, List<SerialNode> contents) implements SerialResult {
        public AtBoundary {
            contents = List.copyOf(contents);
        }
    }

    /**
     * The buffer ended inside a content: at least {@code atLeast} bytes from walk start are needed (best lower
     * bound, e.g. an int[6000] header says 24000 more bytes). Always more than limit - start, never more than
     * maxMessageBytes.
     */
    record NeedMore(int atLeast) implements SerialResult {
    }

    /**
     * Not a valid stream at absolute {@code index}: field names the grammar element (e.g.
     * "TC_CLASSDESC.fields.count"), reason says actual and expected.
     */
    record Malformed(int index, String field, String reason) implements SerialResult {
        /** The failure at its index in the buffer (the one shape every decoder reports). */
        public Failure failure() {
            return new Failure(index, field, reason);
        }
    }
}
