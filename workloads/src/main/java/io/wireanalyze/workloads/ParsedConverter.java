package io.wireanalyze.workloads;

import picocli.CommandLine;

/**
 * A picocli converter over a {@link Parsed} parser: invalid input becomes a usage error whose message is the
 * parser's one line, e.g. {@code Invalid value for option '--naming-giop': GIOP version '1.7' (expected: one of
 * 1.0, 1.1, 1.2)}.
 */
public abstract class ParsedConverter<T> implements CommandLine.ITypeConverter<T> {

    protected abstract Parsed<T> parse(String text);

    @Override
    public T convert(String text) {
        Parsed<T> p = parse(text);
        if (p instanceof Parsed.Invalid<T> invalid) throw new CommandLine.TypeConversionException(invalid.message());
        return p.orElseThrow();
    }

    /** A TCP port, 1..65535. */
    public static final class Port extends ParsedConverter<Integer> {
        @Override
        protected Parsed<Integer> parse(String text) {
            return HostPort.parsePort(text);
        }
    }
}
