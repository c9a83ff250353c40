package io.wireanalyze.protocol;

import java.util.function.Supplier;

/**
 * A memo of pure functions that one analysis' connections share (a method name guessed from a hash and the call's
 * arguments): what it returns for a key is what the function returns, whoever computed it first, so it saves work and
 * changes no result. The analysis provides it; protocol code only asks.
 */
public interface Memo {

    /** The value of {@code key}: remembered, or computed by {@code value} (which may return null). */
    <V> V get(String key, Supplier<V> value);

    /** Remembers nothing: every value computed again. */
    Memo NONE = new Memo() {
        @Override
        public <V> V get(String key, Supplier<V> value) {
            return value.get();
        }
    };
}
