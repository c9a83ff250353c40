package io.wireanalyze.capture.live;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * What to capture and where to write it.
 *
 * @param interfaceName network interface, e.g. "lo", "eth0" or "any"
 * @param snaplen       bytes kept per packet, 1 to {@value #MAX_SNAPLEN}
 * @param filter        BPF filter expression (pcap-filter(7)); empty captures everything
 * @param output        the pcap file to write (replaced if it exists)
 * @param readTimeout   libpcap read timeout: how long the kernel may hold packets before handing them over
 */
public record LiveCaptureOptions(String interfaceName, int snaplen, String filter, Path output, Duration readTimeout) {

    public static final String DEFAULT_INTERFACE = "lo";
    /** libpcap MAXIMUM_SNAPLEN: whole packets on every link type. */
    public static final int MAX_SNAPLEN = 262_144;
    public static final int DEFAULT_SNAPLEN = MAX_SNAPLEN;
    public static final Duration DEFAULT_READ_TIMEOUT = Duration.ofMillis(100);
    static final Duration MAX_READ_TIMEOUT = Duration.ofSeconds(10);

    public LiveCaptureOptions {
        Objects.requireNonNull(interfaceName, "interfaceName");
        Objects.requireNonNull(filter, "filter");
        Objects.requireNonNull(output, "output");
        Objects.requireNonNull(readTimeout, "readTimeout");
        if (interfaceName.isBlank()) throw new IllegalArgumentException("interface name \"\" (expected: e.g. lo)");
        if (snaplen < 1 || snaplen > MAX_SNAPLEN) {
            throw new IllegalArgumentException("snaplen " + snaplen + " (expected: 1 to " + MAX_SNAPLEN + ")");
        }
        if (readTimeout.toMillis() < 1 || readTimeout.compareTo(MAX_READ_TIMEOUT) > 0) {
            throw new IllegalArgumentException("read timeout " + readTimeout.toMillis() + " ms (expected: 1 to "
                    + MAX_READ_TIMEOUT.toMillis() + " ms)");
        }
    }

    /** Defaults: interface "lo", snaplen 262144, no filter, 100 ms read timeout. */
    public static LiveCaptureOptions writingTo(Path output) {
        return new LiveCaptureOptions(DEFAULT_INTERFACE, DEFAULT_SNAPLEN, "", output, DEFAULT_READ_TIMEOUT);
    }

    public LiveCaptureOptions onInterface(String name) {
        return new LiveCaptureOptions(name, snaplen, filter, output, readTimeout);
    }

    public LiveCaptureOptions withSnaplen(int bytes) {
        return new LiveCaptureOptions(interfaceName, bytes, filter, output, readTimeout);
    }

    public LiveCaptureOptions withFilter(String bpf) {
        return new LiveCaptureOptions(interfaceName, snaplen, bpf, output, readTimeout);
    }

    public LiveCaptureOptions withReadTimeout(Duration timeout) {
        return new LiveCaptureOptions(interfaceName, snaplen, filter, output, timeout);
    }
}
