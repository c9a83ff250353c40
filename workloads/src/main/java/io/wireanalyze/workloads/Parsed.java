package io.wireanalyze.workloads;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The outcome of parsing user input: a value, or a message of the form
 * {@code "what: actual (expected: X)"}. Invalid input is a value here, not an exception.
 */
public sealed interface Parsed<T> {

    record Ok<T>(T value) implements Parsed<T> {
        public Ok {
            Objects.requireNonNull(value, "value");
        }
    }

    record Invalid<T>(String message) implements Parsed<T> {
        public Invalid {
            Objects.requireNonNull(message, "message");
        }
    }

    static <T> Parsed<T> ok(T value) {
        return new Ok<>(value);
    }

    static <T> Parsed<T> invalid(String message) {
        return new Invalid<>(message);
    }

    default <R> Parsed<R> map(Function<? super T, ? extends R> f) {
        if (this instanceof Ok<T> ok) return new Ok<>(f.apply(ok.value()));
        return new Invalid<>(((Invalid<T>) this).message());
    }

    default <R> Parsed<R> flatMap(Function<? super T, Parsed<R>> f) {
        if (this instanceof Ok<T> ok) return f.apply(ok.value());
        return new Invalid<>(((Invalid<T>) this).message());
    }

    /** The message when invalid. */
    default Optional<String> error() {
        return this instanceof Invalid<T> invalid ? Optional.of(invalid.message()) : Optional.empty();
    }

    /**
     * The value, or an {@link IllegalArgumentException} carrying the message: for callers that treat
     * invalid input as a usage error at their boundary (a picocli {@code ITypeConverter}, a test).
     */
    default T orElseThrow() {
        if (this instanceof Ok<T> ok) return ok.value();
        throw new IllegalArgumentException(((Invalid<T>) this).message());
    }
}
