package io.wireanalyze.protocol.jrmp;

import java.io.UTFDataFormatException;
import java.io.UncheckedIOException;
import java.security.DigestException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The method hash an RMI client sends with op -1 (Java RMI Specification 8.3, and the JDK's
 * sun.rmi.server.Util.computeMethodHash): the first 8 bytes, little-endian, of the SHA-1 of the method
 * name followed by its descriptor, written with DataOutput.writeUTF.
 */
public final class RmiMethodHash {

    private RmiMethodHash() {
    }

    /** @param nameAndDescriptor e.g. "sendInts([I)I" */
    public static long of(String nameAndDescriptor) {
        return new Hasher().of(nameAndDescriptor, "", "");
    }

    /**
     * Hashes of many signatures, on one thread: one digest and one buffer for all of them, the signature given in
     * parts so that none is joined into a string first (a guess at a method's name tries thousands: with a digest
     * looked up and two streams made for each, a hash took 900 ns in C1's code, 390 ns so).
     */
    static final class Hasher {
        private final MessageDigest sha;
        private final byte[] digest = new byte[20];
        /** The signature as DataOutput.writeUTF writes it: its length in two bytes, then modified UTF-8. */
        private byte[] utf = new byte[128];

        Hasher() {
            try {
                sha = MessageDigest.getInstance("SHA-1");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("SHA-1 is missing from this JDK", e);
            }
        }

        /** The hash of {@code name + descriptor + returned}, as {@link RmiMethodHash#of} gives it. */
        long of(String name, String descriptor, String returned) {
            int at = put(returned, put(descriptor, put(name, 2)));
            int length = at - 2;
            if (length > 0xffff)
                throw new UncheckedIOException(new UTFDataFormatException("encoded string too long: " + length + " bytes"));
            utf[0] = (byte) (length >>> 8);
            utf[1] = (byte) length;
            sha.update(utf, 0, at);
            try {
                sha.digest(digest, 0, digest.length);
            } catch (DigestException e) {
                throw new IllegalStateException("SHA-1 wrote no 20-byte digest", e);
            }
            long hash = 0;
            for (int i = 0; i < 8; i++) hash += (long) (digest[i] & 0xff) << (i * 8);
            return hash;
        }

        /** {@code s} in modified UTF-8 (as writeUTF: U+0000 in two bytes, no four-byte form) at {@code at}; where it ends. */
        private int put(String s, int at) {
            int n = s.length();
            if (utf.length < at + 3 * n) utf = java.util.Arrays.copyOf(utf, Math.max(2 * utf.length, at + 3 * n));
            byte[] b = utf;
            for (int i = 0; i < n; i++) {
                char c = s.charAt(i);
                if (c >= 0x0001 && c <= 0x007f) {
                    b[at++] = (byte) c;
                } else if (c <= 0x07ff) {
                    b[at++] = (byte) (0xc0 | c >> 6);
                    b[at++] = (byte) (0x80 | c & 0x3f);
                } else {
                    b[at++] = (byte) (0xe0 | c >> 12);
                    b[at++] = (byte) (0x80 | c >> 6 & 0x3f);
                    b[at++] = (byte) (0x80 | c & 0x3f);
                }
            }
            return at;
        }
    }
}
