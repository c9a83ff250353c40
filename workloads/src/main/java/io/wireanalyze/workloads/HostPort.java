package io.wireanalyze.workloads;

import java.util.Objects;

/** A TCP endpoint as {@code host:port}. */
public record HostPort(String host, int port) {

    public HostPort {
        Objects.requireNonNull(host, "host");
        if (host.isEmpty() || host.indexOf(':') >= 0)
            throw new IllegalArgumentException("host: '" + host + "' (expected: a name or IPv4 address)");
        if (port < 1 || port > 65535) throw new IllegalArgumentException("port: " + port + " (expected: 1..65535)");
    }

    public static HostPort loopback(int port) {
        return new HostPort(Loopback.ADDRESS, port);
    }

    public static Parsed<HostPort> parse(String text) {
        String expected = " (expected: host:port with port 1..65535)";
        int colon = text.lastIndexOf(':');
        if (colon <= 0 || colon != text.indexOf(':'))
            return Parsed.invalid("endpoint '" + text + "': not host:port" + expected);
        String port = text.substring(colon + 1);
        if (port.isEmpty() || port.length() > 5 || !port.chars().allMatch(c -> c >= '0' && c <= '9'))
            return Parsed.invalid("endpoint '" + text + "': port '" + port + "'" + expected);
        int p = Integer.parseInt(port);
        if (p < 1 || p > 65535) return Parsed.invalid("endpoint '" + text + "': port " + p + expected);
        return Parsed.ok(new HostPort(text.substring(0, colon), p));
    }

    /** A port alone, 1..65535: {@code 'x' (expected: a port 1..65535)} otherwise. */
    public static Parsed<Integer> parsePort(String text) {
        String expected = " (expected: a port 1..65535)";
        if (text.isEmpty() || text.length() > 5 || !text.chars().allMatch(c -> c >= '0' && c <= '9'))
            return Parsed.invalid("'" + text + "'" + expected);
        int port = Integer.parseInt(text);
        return port >= 1 && port <= 65535 ? Parsed.ok(port) : Parsed.invalid(port + expected);
    }

    @Override
    public String toString() {
        return host + ":" + port;
    }
}
