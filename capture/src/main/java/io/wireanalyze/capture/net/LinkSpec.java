package io.wireanalyze.capture.net;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What an emulated link does to packets.
 *
 * @param rateBitsPerSecond the rate (tbf); 0: as fast as the machine goes
 * @param mtu               the MTU of both ends, 576 to 65536 (loopback's)
 * @param delay             one-way delay added in each direction (netem); zero: none
 * @param lossPercent       packets lost in each direction, 0 to 100 (netem)
 */
public record LinkSpec(long rateBitsPerSecond, int mtu, Duration delay, double lossPercent) {
    public static final int MIN_MTU = 576;
    public static final int MAX_MTU = 65536;
    private static final Pattern RATE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(bit|kbit|mbit|gbit)?", Pattern.CASE_INSENSITIVE);
    private static final Pattern DELAY = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(us|ms|s)", Pattern.CASE_INSENSITIVE);

    public LinkSpec {
        Objects.requireNonNull(delay, "delay");
        if (rateBitsPerSecond < 0) throw new IllegalArgumentException("rate: " + rateBitsPerSecond + " bit/s (expected: >= 0)");
        if (mtu < MIN_MTU || mtu > MAX_MTU) throw new IllegalArgumentException("mtu: " + mtu + " (expected: " + MIN_MTU + ".." + MAX_MTU + ")");
        if (delay.isNegative() || delay.compareTo(Duration.ofSeconds(10)) > 0)
            throw new IllegalArgumentException("delay: " + delay.toMillis() + " ms (expected: 0..10000 ms)");
        if (!(lossPercent >= 0 && lossPercent <= 100)) throw new IllegalArgumentException("loss: " + lossPercent + "% (expected: 0..100)");
    }

    /** True when delay or loss is asked for: those need the netem qdisc. */
    public boolean needsNetem() {
        return !delay.isZero() || lossPercent > 0;
    }

    public LinkSpec withRate(long bitsPerSecond) {
        return new LinkSpec(bitsPerSecond, mtu, delay, lossPercent);
    }

    public LinkSpec withMtu(int bytes) {
        return new LinkSpec(rateBitsPerSecond, bytes, delay, lossPercent);
    }

    public LinkSpec withDelay(Duration d) {
        return new LinkSpec(rateBitsPerSecond, mtu, d, lossPercent);
    }

    public LinkSpec withLoss(double percent) {
        return new LinkSpec(rateBitsPerSecond, mtu, delay, percent);
    }

    /** {@code 100 Mbit/s, MTU 1500}, {@code unlimited rate, MTU 65536, delay 2 ms, loss 0.1%}. */
    public String describe() {
        StringBuilder b = new StringBuilder(rateText()).append(", MTU ").append(mtu);
        if (!delay.isZero()) b.append(", delay ").append(String.format(Locale.ROOT, "%.3f", delay.toNanos() / 1e6).replaceAll("\\.?0+$", "")).append(" ms");
        if (lossPercent > 0) b.append(", loss ").append(lossPercent).append('%');
        return b.toString();
    }

    String rateText() {
        if (rateBitsPerSecond == 0) return "unlimited rate";
        if (rateBitsPerSecond % 1_000_000_000L == 0) return rateBitsPerSecond / 1_000_000_000L + " Gbit/s";
        if (rateBitsPerSecond % 1_000_000L == 0) return rateBitsPerSecond / 1_000_000L + " Mbit/s";
        if (rateBitsPerSecond % 1_000L == 0) return rateBitsPerSecond / 1_000L + " kbit/s";
        return rateBitsPerSecond + " bit/s";
    }

    /** {@code 100mbit}, {@code 1gbit}, {@code 512kbit}, {@code 64000} (bit/s), as tc writes rates. */
    public static Optional<Long> parseRate(String text) {
        Matcher m = RATE.matcher(text.strip());
        if (!m.matches()) return Optional.empty();
        double v = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "bit" : m.group(2).toLowerCase(Locale.ROOT);
        double scale = switch (unit) {
            case "kbit" -> 1e3;
            case "mbit" -> 1e6;
            case "gbit" -> 1e9;
            default -> 1;
        };
        long bits = Math.round(v * scale);
        return bits > 0 && bits <= 400_000_000_000L ? Optional.of(bits) : Optional.empty();
    }

    /** {@code 2ms}, {@code 500us}, {@code 0.1s}. */
    public static Optional<Duration> parseDelay(String text) {
        Matcher m = DELAY.matcher(text.strip());
        if (!m.matches()) return Optional.empty();
        double v = Double.parseDouble(m.group(1));
        double nanos = switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "us" -> v * 1e3;
            case "ms" -> v * 1e6;
            default -> v * 1e9;
        };
        return Optional.of(Duration.ofNanos(Math.round(nanos)));
    }
}
