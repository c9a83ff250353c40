package io.wireanalyze.bench;

import java.util.Locale;

/**
 * How big a synthetic capture should be: at least so many file bytes, packets, or exactly so many rounds (every
 * template replayed once per round). Captures are made of whole rounds, so a target is rounded up to one.
 */
sealed interface SynthesisTarget {

    record Bytes(long bytes) implements SynthesisTarget {
    }

    record Packets(long packets) implements SynthesisTarget {
    }

    record Rounds(long rounds) implements SynthesisTarget {
    }

    /** The rounds reaching this target, given what one round writes. */
    default long rounds(long packetsPerRound, long bytesPerRound) {
        long n;
        if (this instanceof Bytes b) n = ceilDiv(b.bytes() - PcapOut.FILE_HEADER, bytesPerRound);
        else if (this instanceof Packets p) n = ceilDiv(p.packets(), packetsPerRound);
        else n = ((Rounds) this).rounds();
        return Math.max(1, n);
    }

    /** For file names: {@code 1500000p}, {@code 1g}, {@code 3r}. */
    default String label() {
        if (this instanceof Bytes b) return Sizes.format(b.bytes());
        if (this instanceof Packets p) return p.packets() + "p";
        return ((Rounds) this).rounds() + "r";
    }

    private static long ceilDiv(long a, long b) {
        return a <= 0 ? 0 : (a + b - 1) / b;
    }

    /** Byte counts with k, m, g suffixes (powers of 1024), as {@code --size} takes them. */
    final class Sizes {
        private Sizes() {
        }

        static long parse(String text) {
            String t = text.trim().toLowerCase(Locale.ROOT);
            long unit = 1;
            if (t.endsWith("b")) t = t.substring(0, t.length() - 1);
            if (t.endsWith("k")) unit = 1L << 10;
            else if (t.endsWith("m")) unit = 1L << 20;
            else if (t.endsWith("g")) unit = 1L << 30;
            if (unit > 1) t = t.substring(0, t.length() - 1);
            try {
                long n = Long.parseLong(t);
                if (n <= 0) throw new NumberFormatException();
                return Math.multiplyExact(n, unit);
            } catch (NumberFormatException | ArithmeticException e) {
                throw new IllegalArgumentException("size " + text + " (expected: a positive number with an optional k, m or g suffix, e.g. 100m)");
            }
        }

        static String format(long bytes) {
            for (String[] u : new String[][]{{"g", "30"}, {"m", "20"}, {"k", "10"}}) {
                int shift = Integer.parseInt(u[1]);
                if (bytes >= 1L << shift && bytes % (1L << shift) == 0) return (bytes >> shift) + u[0];
            }
            return bytes + "b";
        }
    }
}
