package io.wireanalyze.protocol.tls;

import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.spec.AlgorithmParameterSpec;

/**
 * One direction's record protection under one traffic key: opens its records in order, counting their sequence
 * numbers, with the JDK's AEAD ciphers ({@link Cipher} AES/GCM and ChaCha20-Poly1305). Mutable (the sequence number):
 * part of one direction's decoder state.
 */
abstract sealed class RecordProtection permits RecordProtection.Tls13, RecordProtection.Tls12 {

    /** What opening a record gave. */
    sealed interface Opened {
    }

    /**
     * The record's content and real type. The content's byte {@code i} is the record's byte {@code at + i} (AEAD
     * ciphertext is as long as its plaintext): {@code at} is the header, and TLS 1.2 GCM's explicit nonce, before it.
     */
    record Content(int type, byte[] bytes, int at) implements Opened {
    }

    /** The record did not open: why, actual against expected. */
    record Failed(String reason) implements Opened {
    }

    final CipherSuite suite;
    private final SecretKeySpec key;
    private final Cipher cipher;
    /** The next record's sequence number (RFC 8446 5.3, RFC 5246 6.1). */
    long sequence;

    private RecordProtection(CipherSuite suite, byte[] key) {
        this.suite = suite;
        this.key = new SecretKeySpec(key, suite.aead.keyAlgorithm);
        try {
            this.cipher = Cipher.getInstance(suite.aead.transformation);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("javax.crypto " + suite.aead.transformation + ": " + e.getMessage()
                    + " (expected: every JDK 11+ has it)", e);
        }
    }

    /** Opens the whole record at {@code p} ({@code total} bytes, header included). */
    abstract Opened open(ByteBuffer in, int p, int total);

    /** AEAD-Decrypt(key, nonce, aad, ciphertext with its tag), or the reason it failed; counts the record on success. */
    final Opened decrypt(byte[] nonce, byte[] aad, ByteBuffer in, int from, int length, int headerType, int at) {
        AlgorithmParameterSpec spec = suite.aead == CipherSuite.Aead.CHACHA20_POLY1305
                ? new IvParameterSpec(nonce) : new GCMParameterSpec(8 * CipherSuite.Aead.TAG_LENGTH, nonce);
        byte[] sealed = new byte[length];
        in.get(from, sealed);
        byte[] plain;
        try {
            cipher.init(Cipher.DECRYPT_MODE, key, spec);
            cipher.updateAAD(aad);
            plain = cipher.doFinal(sealed);
        } catch (AEADBadTagException e) {
            return new Failed("record " + sequence + " of this key: authentication tag mismatch (expected: the key log's secrets"
                    + " to open it; a key log of another run, or a damaged record?)");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("javax.crypto " + suite.aead.transformation + ": " + e.getMessage(), e);
        }
        sequence++;
        return contentOf(plain, headerType, at);
    }

    /** The decrypted bytes as content: TLS 1.3 strips its padding and inner type; TLS 1.2 takes the header's type. */
    abstract Opened contentOf(byte[] plain, int headerType, int at);

    /** The nonce: the iv XOR the sequence number, left-padded to its length (RFC 8446 5.3, RFC 7905 2). */
    final byte[] xorSequence(byte[] iv) {
        byte[] nonce = iv.clone();
        for (int i = 0; i < 8; i++) nonce[nonce.length - 1 - i] ^= (byte) (sequence >>> (8 * i));
        return nonce;
    }

    /**
     * TLS 1.3 (RFC 8446 5.2, 5.3, 7.3): key and iv from a traffic secret with HKDF-Expand-Label ("key", "iv"); the
     * additional data is the record header; the plaintext is TLSInnerPlaintext: content, its real type, zero padding.
     */
    static final class Tls13 extends RecordProtection {
        private final byte[] secret;
        private final byte[] iv;

        Tls13(CipherSuite suite, byte[] secret) {
            super(suite, KeySchedule.expandLabel(suite.hash, secret, "key", new byte[0], suite.aead.keyLength));
            this.secret = secret.clone();
            this.iv = KeySchedule.expandLabel(suite.hash, secret, "iv", new byte[0], CipherSuite.Aead.NONCE_LENGTH);
        }

        /** The next generation after a KeyUpdate: application_traffic_secret_N+1 = HKDF-Expand-Label(.., "traffic upd", "", Hash.length) (7.2). */
        Tls13 next() {
            return new Tls13(suite, KeySchedule.expandLabel(suite.hash, secret, "traffic upd", new byte[0], suite.hash.length));
        }

        @Override
        Opened open(ByteBuffer in, int p, int total) {
            int length = total - TlsRecords.HEADER_LENGTH;
            if (length < CipherSuite.Aead.TAG_LENGTH + 1)
                return new Failed("encrypted record of " + length + " bytes (expected: at least " + (CipherSuite.Aead.TAG_LENGTH + 1)
                        + ", a content type and the tag)");
            byte[] aad = new byte[TlsRecords.HEADER_LENGTH];
            in.get(p, aad);
            return decrypt(xorSequence(iv), aad, in, p + TlsRecords.HEADER_LENGTH, length, in.get(p) & 0xff, TlsRecords.HEADER_LENGTH);
        }

        @Override
        Opened contentOf(byte[] plain, int headerType, int at) {
            int end = plain.length;
            while (end > 0 && plain[end - 1] == 0) end--;
            if (end == 0) return new Failed("TLSInnerPlaintext of " + plain.length + " zero bytes (expected: a non-zero content type)");
            byte[] content = new byte[end - 1];
            System.arraycopy(plain, 0, content, 0, end - 1);
            return new Content(plain[end - 1] & 0xff, content, at);
        }
    }

    /**
     * TLS 1.2 AEAD (RFC 5246 6.2.3.3 with RFC 5288 3 for AES-GCM, RFC 7905 2 for ChaCha20-Poly1305): the additional data
     * is seq_num + type + version + the plaintext's length; GCM's nonce is the 4-byte write IV and the record's 8-byte
     * explicit nonce, ChaCha20's the 12-byte write IV XOR the sequence number.
     */
    static final class Tls12 extends RecordProtection {
        private final byte[] fixedIv;

        Tls12(CipherSuite suite, byte[] key, byte[] fixedIv) {
            super(suite, key);
            this.fixedIv = fixedIv.clone();
        }

        @Override
        Opened open(ByteBuffer in, int p, int total) {
            int explicit = suite.aead.tls12ExplicitNonceLength();
            int plainLength = total - TlsRecords.HEADER_LENGTH - explicit - CipherSuite.Aead.TAG_LENGTH;
            if (plainLength < 0)
                return new Failed("encrypted record of " + (total - TlsRecords.HEADER_LENGTH) + " bytes (expected: at least "
                        + (explicit + CipherSuite.Aead.TAG_LENGTH) + ", the explicit nonce and the tag)");
            byte[] nonce;
            if (explicit > 0) {
                nonce = new byte[CipherSuite.Aead.NONCE_LENGTH];
                System.arraycopy(fixedIv, 0, nonce, 0, fixedIv.length);
                in.get(p + TlsRecords.HEADER_LENGTH, nonce, fixedIv.length, explicit);
            } else {
                nonce = xorSequence(fixedIv);
            }
            byte[] aad = ByteBuffer.allocate(13).putLong(sequence).put(in.get(p)).putShort(in.getShort(p + 1))
                    .putShort((short) plainLength).array();
            int at = TlsRecords.HEADER_LENGTH + explicit;
            return decrypt(nonce, aad, in, p + at, total - at, in.get(p) & 0xff, at);
        }

        @Override
        Opened contentOf(byte[] plain, int headerType, int at) {
            return new Content(headerType, plain, at);
        }
    }
}
