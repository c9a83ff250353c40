package io.wireanalyze.protocol.jrmp;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
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
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-1");
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (DataOutputStream out = new DataOutputStream(bytes)) {
                out.writeUTF(nameAndDescriptor);
            }
            byte[] digest = sha.digest(bytes.toByteArray());
            long hash = 0;
            for (int i = 0; i < 8; i++) hash += (long) (digest[i] & 0xff) << (i * 8);
            return hash;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is missing from this JDK", e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
