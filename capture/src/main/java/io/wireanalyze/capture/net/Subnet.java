package io.wireanalyze.capture.net;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A /30 of 198.18.0.0/15, the range RFC 2544 reserves for benchmarking: .1 for the clients' end of the veth pair
 * in the root namespace, .2 for the servers' end in their namespace.
 */
record Subnet(int index) {
    /** 198.18.0.0/15 holds 2^17 addresses: 32768 subnets of 4. */
    static final int COUNT = 1 << 15;
    private static final Pattern INET = Pattern.compile("\\binet (198\\.1[89]\\.\\d+\\.\\d+)/");

    Subnet {
        if (index < 0 || index >= COUNT) throw new IllegalArgumentException("subnet index: " + index + " (expected: 0.." + (COUNT - 1) + ")");
    }

    String clientAddress() {
        return address(1);
    }

    String serverAddress() {
        return address(2);
    }

    private String address(int host) {
        long base = (198L << 24) | (18L << 16);
        long a = base + 4L * index + host;
        return (a >> 24 & 255) + "." + (a >> 16 & 255) + "." + (a >> 8 & 255) + "." + (a & 255);
    }

    /** The first subnet from {@code start} on (wrapping) with neither address among {@code ipAddrShow}'s, if any. */
    static Optional<Subnet> free(int start, String ipAddrShow) {
        List<String> used = INET.matcher(ipAddrShow).results().map(m -> m.group(1)).toList();
        for (int i = 0; i < COUNT; i++) {
            Subnet s = new Subnet(Math.floorMod(start + i, COUNT));
            if (!used.contains(s.clientAddress()) && !used.contains(s.serverAddress())) return Optional.of(s);
        }
        return Optional.empty();
    }
}
