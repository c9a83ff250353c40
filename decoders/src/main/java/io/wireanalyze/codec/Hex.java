package io.wireanalyze.codec;

/** Hexadecimal forms the reports use; {@link java.util.HexFormat} for byte runs. */
public final class Hex {

    private Hex() {
    }

    /** {@code 0x} and the value's digits, without padding: {@code 0x4a524d49}. */
    public static String of(long v) {
        return "0x" + Long.toHexString(v);
    }

    /** {@code 0x} and the unsigned 32-bit value's digits, without padding. */
    public static String of(int v) {
        return "0x" + Integer.toHexString(v);
    }

    /**
     * {@code 0x} and the 32 bits as eight digits: {@code 0xa1b2c3d4}, {@code 0x00000001}. What {@code
     * String.format("0x%08x", v)} writes, without a formatter (a GIOP message's service contexts are named with it).
     */
    public static String padded(int v) {
        return padded(Integer.toHexString(v));
    }

    /** {@code 0x} and eight digits at least: {@code 0x00000001}; {@code String.format("0x%08x", v)}'s. */
    public static String padded(long v) {
        return padded(Long.toHexString(v));
    }

    private static String padded(String digits) {
        // a builder rather than +, which C1's code runs through the JDK's method handles
        StringBuilder b = new StringBuilder(Math.max(10, 2 + digits.length())).append("0x");
        for (int i = digits.length(); i < 8; i++) b.append('0');
        return b.append(digits).toString();
    }
}
