package io.wireanalyze.workloads;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The little JSON the result files need, by hand (workloads has no dependencies): one flat object per
 * line whose values are strings, numbers, booleans or null. Nested objects and arrays are rejected.
 */
final class FlatJson {

    /** A JSON scalar value. */
    sealed interface Scalar {
        record Text(String value) implements Scalar {}
        /** A JSON number, kept as its literal text. */
        record Number(String literal) implements Scalar {}
        record Bool(boolean value) implements Scalar {}
        record Null() implements Scalar {}
    }

    private FlatJson() {
    }

    /** {@code s} as a JSON string literal, quotes included. */
    static String quote(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
                    else b.append(c);
                }
            }
        }
        return b.append('"').toString();
    }

    /** Parses one flat object; errors say at which column what was found and what was expected. */
    static Parsed<Map<String, Scalar>> parse(String line) {
        return new Reader(line).object();
    }

    static Parsed<Long> integer(Map<String, Scalar> fields, String name) {
        Scalar v = fields.get(name);
        if (v instanceof Scalar.Number n) {
            try {
                return Parsed.ok(Long.parseLong(n.literal()));
            } catch (NumberFormatException e) {
                return Parsed.invalid("field '" + name + "': " + n.literal() + " (expected: a 64-bit integer)");
            }
        }
        return Parsed.invalid("field '" + name + "': " + describe(v) + " (expected: an integer)");
    }

    static Parsed<String> text(Map<String, Scalar> fields, String name) {
        Scalar v = fields.get(name);
        if (v instanceof Scalar.Text t) return Parsed.ok(t.value());
        return Parsed.invalid("field '" + name + "': " + describe(v) + " (expected: a string)");
    }

    static Parsed<Optional<String>> optionalText(Map<String, Scalar> fields, String name) {
        Scalar v = fields.get(name);
        if (v instanceof Scalar.Text t) return Parsed.ok(Optional.of(t.value()));
        if (v instanceof Scalar.Null) return Parsed.ok(Optional.empty());
        return Parsed.invalid("field '" + name + "': " + describe(v) + " (expected: a string or null)");
    }

    private static String describe(Scalar v) {
        if (v == null) return "missing";
        if (v instanceof Scalar.Text t) return quote(t.value());
        if (v instanceof Scalar.Number n) return n.literal();
        if (v instanceof Scalar.Bool b) return String.valueOf(b.value());
        return "null";
    }

    /** A cursor over one line. */
    private static final class Reader {
        private final String s;
        private int pos;

        Reader(String s) {
            this.s = s;
        }

        Parsed<Map<String, Scalar>> object() {
            Map<String, Scalar> fields = new LinkedHashMap<>();
            skipSpace();
            if (!take('{')) return fail("'{'");
            skipSpace();
            if (take('}')) return end(fields);
            while (true) {
                skipSpace();
                if (peek() != '"') return fail("a field name in quotes");
                Parsed<String> key = string();
                if (key.error().isPresent()) return Parsed.invalid(key.error().get());
                skipSpace();
                if (!take(':')) return fail("':'");
                skipSpace();
                Parsed<Scalar> value = scalar();
                if (value.error().isPresent()) return Parsed.invalid(value.error().get());
                if (fields.put(key.orElseThrow(), value.orElseThrow()) != null)
                    return Parsed.invalid("at column " + pos + ": duplicate field '" + key.orElseThrow()
                            + "' (expected: each field once)");
                skipSpace();
                if (take('}')) return end(fields);
                if (!take(',')) return fail("',' or '}'");
            }
        }

        private Parsed<Map<String, Scalar>> end(Map<String, Scalar> fields) {
            skipSpace();
            if (pos != s.length()) return fail("end of line");
            return Parsed.ok(fields);
        }

        private Parsed<Scalar> scalar() {
            char c = peek();
            if (c == '"') return string().map(Scalar.Text::new);
            if (s.startsWith("true", pos)) return literal(4, new Scalar.Bool(true));
            if (s.startsWith("false", pos)) return literal(5, new Scalar.Bool(false));
            if (s.startsWith("null", pos)) return literal(4, new Scalar.Null());
            if (c == '-' || (c >= '0' && c <= '9')) return number();
            return fail("a string, number, true, false or null");
        }

        private Parsed<Scalar> literal(int length, Scalar value) {
            pos += length;
            return Parsed.ok(value);
        }

        private Parsed<Scalar> number() {
            int start = pos;
            take('-');
            int digits = pos;
            while (isDigit(peek())) pos++;
            if (pos == digits) return fail("a digit");
            if (take('.')) {
                int fraction = pos;
                while (isDigit(peek())) pos++;
                if (pos == fraction) return fail("a digit after '.'");
            }
            if (peek() == 'e' || peek() == 'E') {
                pos++;
                if (peek() == '+' || peek() == '-') pos++;
                int exponent = pos;
                while (isDigit(peek())) pos++;
                if (pos == exponent) return fail("an exponent digit");
            }
            return Parsed.ok(new Scalar.Number(s.substring(start, pos)));
        }

        private Parsed<String> string() {
            pos++; // opening quote
            StringBuilder b = new StringBuilder();
            while (pos < s.length()) {
                char c = s.charAt(pos++);
                if (c == '"') return Parsed.ok(b.toString());
                if (c < 0x20) {
                    pos--;
                    return fail("no control character inside a string");
                }
                if (c != '\\') {
                    b.append(c);
                    continue;
                }
                if (pos >= s.length()) break;
                char e = s.charAt(pos++);
                switch (e) {
                    case '"', '\\', '/' -> b.append(e);
                    case 'b' -> b.append('\b');
                    case 'f' -> b.append('\f');
                    case 'n' -> b.append('\n');
                    case 'r' -> b.append('\r');
                    case 't' -> b.append('\t');
                    case 'u' -> {
                        if (pos + 4 > s.length() || !s.substring(pos, pos + 4).chars().allMatch(FlatJson::isHex)) {
                            return fail("4 hex digits after \\u");
                        }
                        b.append((char) Integer.parseInt(s.substring(pos, pos + 4), 16));
                        pos += 4;
                    }
                    default -> {
                        pos--;
                        return fail("an escape \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX");
                    }
                }
            }
            return fail("a closing '\"'");
        }

        private <T> Parsed<T> fail(String expected) {
            String found = pos < s.length() ? "'" + s.charAt(pos) + "'" : "end of line";
            return Parsed.invalid("at column " + (pos + 1) + ": " + found + " (expected: " + expected + ")");
        }

        private void skipSpace() {
            while (pos < s.length() && (s.charAt(pos) == ' ' || s.charAt(pos) == '\t')) pos++;
        }

        private char peek() {
            return pos < s.length() ? s.charAt(pos) : '\0';
        }

        private boolean take(char c) {
            if (peek() != c || pos >= s.length()) return false;
            pos++;
            return true;
        }
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isHex(int c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }
}
