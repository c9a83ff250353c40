package io.wireanalyze.reproduce;

import io.wireanalyze.compare.Figure;
import io.wireanalyze.workloads.BenchMethod;
import io.wireanalyze.workloads.Parsed;
import io.wireanalyze.workloads.Payload;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a seed's figure of ours is read, written {@code protocol@payload/invocations/clients:figure}, e.g.
 * {@code jrmp@ints:6000/20/1:setupTimeMs}; for a fit over sizes the payload is a kind alone ({@code chars}). The
 * protocol is a label, built or not: a seed may name protocols still to come.
 */
record PointRef(String protocol, String payload, int invocations, int clients, Figure figure) {
    private static final Pattern SYNTAX = Pattern.compile("([a-z0-9-]+)@([A-Za-z]+(?::\\d+)?)/(\\d+)/(\\d+):([A-Za-z]+)");

    static Parsed<PointRef> parse(String text) {
        Matcher m = SYNTAX.matcher(text);
        if (!m.matches()) return Parsed.invalid("'" + text + "' (expected: protocol@payload/invocations/clients:figure, e.g. jrmp@ints:6000/20/1:setupTimeMs)");
        Optional<Figure> f = Figure.byKey(m.group(5));
        if (f.isEmpty()) return Parsed.invalid("'" + text + "': figure '" + m.group(5) + "' (expected: one of " + java.util.Arrays.stream(Figure.values()).map(Figure::key).toList() + ")");
        return Parsed.ok(new PointRef(m.group(1), m.group(2), Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4)), f.get()));
    }

    /** The payload, when the reference names one (not a kind alone). */
    Optional<Payload> exactPayload() {
        return payload.contains(":") || BenchMethod.getter(payload).isPresent() || payload.equals("none")
                ? Optional.of(Payload.parse(payload).orElseThrow()) : Optional.empty();
    }

    /** For a kind alone: the method, e.g. {@code chars} is sendChars. */
    Optional<BenchMethod> kind() {
        return switch (payload) {
            case "chars" -> Optional.of(BenchMethod.SEND_CHARS);
            case "ints" -> Optional.of(BenchMethod.SEND_INTS);
            default -> Optional.empty();
        };
    }
}
