package io.wireanalyze.workloads.httprmi;

import io.wireanalyze.workloads.Parsed;
import io.wireanalyze.workloads.ParsedConverter;

import java.util.Arrays;
import java.util.Locale;

/**
 * How the client's POSTs reach the web server: Juric et al. section 2.3 (HTTP-to-CGI/servlet tunnelling) directly,
 * or through an HTTP proxy as in their section 2.2.
 */
public enum Via {
    DIRECT, PROXY;

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Parsed<Via> parse(String text) {
        for (Via v : values()) if (v.toString().equalsIgnoreCase(text)) return Parsed.ok(v);
        return Parsed.invalid("route '" + text + "' (expected: one of " + Arrays.stream(values()).map(Via::toString).toList() + ")");
    }

    /** picocli: {@code direct} or {@code proxy}. */
    public static final class Converter extends ParsedConverter<Via> {
        @Override
        protected Parsed<Via> parse(String text) {
            return Via.parse(text);
        }
    }

    /** picocli: the names, for {@code ${COMPLETION-CANDIDATES}}. */
    public static final class Names implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return Arrays.stream(values()).map(Via::toString).iterator();
        }
    }
}
