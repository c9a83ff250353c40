package io.wireanalyze.protocol.tls;

import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;

/**
 * One direction's record protection under one traffic key: opens its records in order, counting their sequence
 * numbers, with the JDK's ciphers ({@link Cipher} ChaCha20-Poly1305, DESede and DES, RC4; AES-GCM the JDK's where C2
 * compiles, else {@link AesGcm} over {@link Aes}; CBC as the block cipher, AES by {@link Aes} where C2 does not
 * compile, and the chaining here) and HMACs ({@link Hmac} over the JDK's hashes).
 * Mutable (the sequence number; the CBC chain; RC4's key stream): part of one direction's decoder state.
 */
abstract sealed class RecordProtection permits RecordProtection.Tls13, RecordProtection.Tls12, RecordProtection.Cbc,
        RecordProtection.Stream {

    /** What opening a record gave. */
    sealed interface Opened {
    }

    /**
     * The record's content and real type. The content's byte {@code i} is the record's byte {@code at + i} (AEAD and
     * stream ciphertext is as long as its plaintext, and CBC's i-th block holds the i-th plaintext block): {@code at} is
     * the header, and TLS 1.2 GCM's explicit nonce or TLS 1.1+ CBC's explicit IV, before it; a CBC or RC4 record's MAC
     * and padding come after the content.
     */
    record Content(int type, byte[] bytes, int at) implements Opened {
    }

    /** The record did not open: why, actual against expected. */
    record Failed(String reason) implements Opened {
    }

    final CipherSuite suite;
    final SecretKeySpec key;
    /** AES-GCM suites where C2 does not compile: our GCM over our AES ({@link AesGcm}); else null. */
    private final AesGcm gcm;
    /**
     * The JDK's AEAD cipher (ChaCha20-Poly1305, or AES-GCM where C2 compiles), the direction's own: the JDK's
     * ChaCha20-Poly1305 refuses to be initialised with the key and nonce it last had, as a thread's would be by two
     * connections of one session (a replayed or duplicated session, a connection analysed again). Else null.
     */
    private final Cipher aead;
    /** The next record's sequence number (RFC 8446 5.3, RFC 5246 6.1). */
    long sequence;

    /** An AEAD suite's; {@code jdkGcm}: AES-GCM by the JDK's cipher rather than {@link AesGcm} (see {@link Aes#jdkIsFaster()}). */
    private RecordProtection(CipherSuite suite, byte[] key, boolean jdkGcm) {
        this(suite, key, suite.aead.keyAlgorithm, suite.aead.transformation, jdkGcm);
    }

    /** AES/GCM goes to {@link AesGcm} unless {@code jdkGcm}, every other transformation to the JDK's cipher of that name. */
    private RecordProtection(CipherSuite suite, byte[] key, String keyAlgorithm, String transformation, boolean jdkGcm) {
        this.suite = suite;
        this.key = new SecretKeySpec(key, keyAlgorithm);
        boolean ownGcm = transformation.equals(CipherSuite.Aead.AES_128_GCM.transformation) && !jdkGcm;
        try {
            this.gcm = ownGcm ? new AesGcm(this.key) : null;
            this.aead = suite.aead != null && !ownGcm ? JdkCiphers.get(transformation) : null;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("javax.crypto " + transformation + ": " + e.getMessage()
                    + " (expected: every JDK 11+ has it)", e);
        }
    }

    /** Whether {@link AesGcm} does not open the records: the JDK's cipher does (AES-GCM where C2 compiles, ChaCha20-Poly1305). */
    final boolean jdkGcm() {
        return gcm == null;
    }

    /** Opens the whole record at {@code p} ({@code total} bytes, header included). */
    abstract Opened open(ByteBuffer in, int p, int total);

    /** AEAD-Decrypt(key, nonce, aad, ciphertext with its tag), or the reason it failed; counts the record on success. */
    final Opened decrypt(byte[] nonce, byte[] aad, ByteBuffer in, int from, int length, int headerType, int at) {
        byte[] plain;
        try {
            plain = gcm != null ? gcm.open(nonce, aad, in, from, length) : jdkAead(nonce, aad, in, from, length);
        } catch (AEADBadTagException e) {
            plain = null;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("javax.crypto " + suite.aead.transformation + ": "
                    + e.getMessage(), e);
        }
        if (plain == null)
            return new Failed("record " + sequence + " of this key: authentication tag mismatch (expected: the key log's secrets"
                    + " to open it; a key log of another run, or a damaged record?)");
        sequence++;
        return contentOf(plain, headerType, at);
    }

    /** The JDK's AEAD: ChaCha20-Poly1305, or AES-GCM where C2 compiles; throws {@link AEADBadTagException}. */
    private byte[] jdkAead(byte[] nonce, byte[] aad, ByteBuffer in, int from, int length) throws GeneralSecurityException {
        byte[] sealed = new byte[length];
        in.get(from, sealed);
        aead.init(Cipher.DECRYPT_MODE, key, suite.aead == CipherSuite.Aead.CHACHA20_POLY1305 ? new IvParameterSpec(nonce)
                : new GCMParameterSpec(8 * CipherSuite.Aead.TAG_LENGTH, nonce));
        aead.updateAAD(aad);
        return aead.doFinal(sealed);
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
            this(suite, secret, Aes.jdkIsFaster());
        }

        Tls13(CipherSuite suite, byte[] secret, boolean jdkGcm) {
            super(suite, KeySchedule.expandLabel(suite.hash, secret, "key", new byte[0], suite.aead.keyLength), jdkGcm);
            this.secret = secret.clone();
            this.iv = KeySchedule.expandLabel(suite.hash, secret, "iv", new byte[0], CipherSuite.Aead.NONCE_LENGTH);
        }

        /** The next generation after a KeyUpdate: application_traffic_secret_N+1 = HKDF-Expand-Label(.., "traffic upd", "", Hash.length) (7.2). */
        Tls13 next() {
            return new Tls13(suite, KeySchedule.expandLabel(suite.hash, secret, "traffic upd", new byte[0], suite.hash.length), jdkGcm());
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
            this(suite, key, fixedIv, Aes.jdkIsFaster());
        }

        Tls12(CipherSuite suite, byte[] key, byte[] fixedIv, boolean jdkGcm) {
            super(suite, key, jdkGcm);
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

    /** The HMAC of TLS 1.0 to 1.2 over seq_num + type + version + length + fragment (RFC 5246 6.2.3.1, RFC 7366 3). */
    private static byte[] recordMac(Hmac mac, long sequence, ByteBuffer in, int p, int length, byte[] fragment, int from) {
        mac.update(ByteBuffer.allocate(13).putLong(sequence).put(in.get(p)).putShort(in.getShort(p + 1)).putShort((short) length).array());
        mac.update(fragment, from, length);
        return mac.doFinal();
    }

    private static boolean equal(byte[] a, byte[] b, int bFrom) {
        return java.util.Arrays.equals(a, 0, a.length, b, bFrom, bFrom + a.length);
    }

    /**
     * CBC suites of TLS 1.0 to 1.2 (RFC 5246 6.2.3.2): MAC-then-encrypt, the record being [IV] E(content + MAC +
     * padding + padding_length), or encrypt-then-MAC when both hellos had the extension (RFC 7366), [IV] E(content +
     * padding + padding_length) + MAC with the MAC over the IV and the ciphertext. TLS 1.1 and 1.2 put an explicit IV
     * before each record's ciphertext; TLS 1.0's IV is the key block's for the first record and the last ciphertext block
     * of the one before for each next (RFC 2246 6.2.3.2).
     * <p>
     * The chain runs on through the direction's records: it starts at the key block's IV, and each record's blocks are
     * deciphered by the block cipher ({@link Aes}, or the JDK's in ECB mode) and XORed with the block before, the first
     * with the last block of the record before (TLS 1.0's chaining). An explicit IV is deciphered as one more block whose
     * plaintext is dropped (CBC makes each block's plaintext from its ciphertext and the block before alone, so the
     * blocks after the IV come out as under that IV). No key schedule per record. A record that does not open has moved
     * the chain on: its direction opens no more records ({@link TlsSession} drops its protection).
     */
    static final class Cbc extends RecordProtection {
        private final Hmac mac;
        private final boolean explicitIv;
        private final boolean encryptThenMac;
        /** The block cipher: {@link Aes} where C1 runs AES, else null and the JDK's ({@link #ecb}). */
        private final Aes aes;
        /** The JDK's block cipher (AES where C2 compiles, DESede, DES) in ECB mode, initialised with the key; else null. */
        private final Cipher ecb;
        /** The ciphertext block before the next record's first: the key block's IV, then each record's last block. */
        private final byte[] chain;

        Cbc(CipherSuite suite, byte[] macKey, byte[] key, byte[] iv, boolean explicitIv, boolean encryptThenMac) {
            this(suite, macKey, key, iv, explicitIv, encryptThenMac, Aes.jdkIsFaster());
        }

        /**
         * {@code jdkAes}: AES by the JDK's cipher rather than {@link Aes}, as where C2 compiles: C2 runs the JDK's on the
         * processor's AES instructions (see {@link Aes#jdkIsFaster()}).
         */
        Cbc(CipherSuite suite, byte[] macKey, byte[] key, byte[] iv, boolean explicitIv, boolean encryptThenMac, boolean jdkAes) {
            super(suite, key, suite.bulk.keyAlgorithm, suite.bulk.transformation, false);
            this.mac = new Hmac(suite.mac.hmac, macKey);
            this.explicitIv = explicitIv;
            this.encryptThenMac = encryptThenMac;
            try {
                this.aes = suite.bulk.keyAlgorithm.equals("AES") && !jdkAes ? new Aes(key, true) : null;
                this.ecb = aes != null ? null : JdkCiphers.get(suite.bulk.transformation);
                if (ecb != null) ecb.init(Cipher.DECRYPT_MODE, this.key);
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("javax.crypto " + suite.bulk.transformation + ": " + e.getMessage(), e);
            }
            if (iv.length != suite.bulk.blockLength)
                throw new IllegalArgumentException("an IV of " + iv.length + " bytes for " + suite.bulk + " (expected: " + suite.bulk.blockLength + ")");
            this.chain = iv.clone();
        }

        /** CBC's decryption of {@code length} bytes of {@code sealed} (whole blocks), the chain moved on to its last block. */
        private byte[] decipher(byte[] sealed, int length) {
            byte[] plain;
            if (aes != null) {
                plain = new byte[length];
                aes.blocks(sealed, 0, length, plain, 0);
            } else {
                try {
                    plain = ecb.doFinal(sealed, 0, length);
                } catch (GeneralSecurityException e) {
                    throw new IllegalStateException("javax.crypto " + suite.bulk.transformation + ": " + e.getMessage(), e);
                }
                if (plain == null || plain.length != length)
                    throw new IllegalStateException("javax.crypto " + suite.bulk.transformation + ": " + (plain == null ? 0 : plain.length)
                            + " bytes deciphered of " + length + " (expected: every whole block, without padding)");
            }
            int block = chain.length;
            for (int i = length - 1; i >= block; i--) plain[i] ^= sealed[i - block];
            for (int i = 0; i < block && i < length; i++) plain[i] ^= chain[i];
            if (length >= block) System.arraycopy(sealed, length - block, chain, 0, block);
            return plain;
        }

        @Override
        Opened open(ByteBuffer in, int p, int total) {
            int block = suite.bulk.blockLength, macLength = suite.mac.length;
            int length = total - TlsRecords.HEADER_LENGTH, ivLength = explicitIv ? block : 0;
            int sealedLength = length - ivLength - (encryptThenMac ? macLength : 0);
            int least = encryptThenMac ? block : Math.max(block, macLength + 1);
            if (sealedLength < least || sealedLength % block != 0)
                return new Failed("encrypted record of " + length + " bytes (expected: " + (explicitIv ? "an IV of " + block + " bytes, " : "")
                        + "whole blocks of " + block + " bytes holding " + (encryptThenMac ? "the padding, then a MAC of " + macLength + " bytes"
                        : "a MAC of " + macLength + " bytes and the padding") + ")");
            byte[] fragment = new byte[length];
            in.get(p + TlsRecords.HEADER_LENGTH, fragment);
            if (encryptThenMac && !equal(recordMac(mac, sequence, in, p, length - macLength, fragment, 0), fragment, length - macLength))
                return new Failed(badMac());
            // The explicit IV's block too: its plaintext (before the content, dropped) is nothing, the blocks after it are
            // deciphered under it.
            byte[] plain = decipher(fragment, ivLength + sealedLength);
            int end = plain.length;
            int padding = plain[end - 1] & 0xff;
            int contentLength = sealedLength - 1 - padding - (encryptThenMac ? 0 : macLength);
            boolean padded = contentLength >= 0;
            for (int i = end - 1 - padding; padded && i < end; i++) padded = (plain[i] & 0xff) == padding;
            if (!padded) return new Failed("record " + sequence + " of this key: padding of " + padding + " bytes does not fit (expected:"
                    + " padding_length + 1 bytes of its value; a key log of another run, or a damaged record?)");
            if (!encryptThenMac && !equal(recordMac(mac, sequence, in, p, contentLength, plain, ivLength), plain, ivLength + contentLength))
                return new Failed(badMac());
            sequence++;
            return new Content(in.get(p) & 0xff, java.util.Arrays.copyOfRange(plain, ivLength, ivLength + contentLength),
                    TlsRecords.HEADER_LENGTH + ivLength);
        }

        @Override
        Opened contentOf(byte[] plain, int headerType, int at) {
            return new Content(headerType, plain, at);
        }
    }

    /**
     * RC4 suites (RFC 5246 6.2.3.1): the record is E(content + MAC), under one key stream that runs on from record to
     * record of the direction.
     */
    static final class Stream extends RecordProtection {
        private final Hmac mac;
        /** The direction's own: its key stream runs on from record to record. */
        private final Cipher cipher;

        Stream(CipherSuite suite, byte[] macKey, byte[] key) {
            super(suite, key, suite.bulk.keyAlgorithm, suite.bulk.transformation, false);
            this.mac = new Hmac(suite.mac.hmac, macKey);
            try {
                cipher = JdkCiphers.get(suite.bulk.transformation);
                cipher.init(Cipher.DECRYPT_MODE, this.key);
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("javax.crypto " + suite.bulk.transformation + ": " + e.getMessage(), e);
            }
        }

        @Override
        Opened open(ByteBuffer in, int p, int total) {
            int length = total - TlsRecords.HEADER_LENGTH, macLength = suite.mac.length;
            if (length < macLength)
                return new Failed("encrypted record of " + length + " bytes (expected: at least the MAC's " + macLength + ")");
            byte[] fragment = new byte[length];
            in.get(p + TlsRecords.HEADER_LENGTH, fragment);
            byte[] plain = cipher.update(fragment);
            if (plain == null) plain = new byte[0];
            int contentLength = length - macLength;
            if (plain.length != length || !equal(recordMac(mac, sequence, in, p, contentLength, plain, 0), plain, contentLength))
                return new Failed(badMac());
            sequence++;
            return new Content(in.get(p) & 0xff, java.util.Arrays.copyOf(plain, contentLength), TlsRecords.HEADER_LENGTH);
        }

        @Override
        Opened contentOf(byte[] plain, int headerType, int at) {
            return new Content(headerType, plain, at);
        }
    }

    final String badMac() {
        return "record " + sequence + " of this key: MAC mismatch (expected: the key log's secrets to open it; a key log of another run,"
                + " or a damaged record?)";
    }
}
