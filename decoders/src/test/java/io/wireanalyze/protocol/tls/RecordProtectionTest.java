package io.wireanalyze.protocol.tls;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.ByteBuffer;
import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Opening records: RFC 8448's client application data and close_notify records, and what a wrong key gives; AES-GCM by
 * {@link AesGcm} (as on C1) and by the JDK's cipher (as on C2).
 */
class RecordProtectionTest {

    private static final HexFormat HEX = HexFormat.of();
    /** RFC 8448 section 3: the client's application traffic secret (TLS_AES_128_GCM_SHA256). */
    private static final byte[] CLIENT_APPLICATION = HEX.parseHex("9e40646ce79a7f9dc05af8889bce6552875afa0b06df0087f792ebb7c17504a5");
    /** {client} send application_data record: 50 bytes 00..31 under the client application keys, sequence 0. */
    private static final String APPLICATION_RECORD = "1703030043"
            + "a23f7054b62c94d0affafe8228ba55cbefacea42f914aa66bcab3f2b9819a8a5b46b395bd54a9a20441e2b"
            + "62974e1f5a6292a2977014bd1e3deae63aeebb21694915e4";
    /** {client} send alert record: close_notify, sequence 1. */
    private static final String ALERT_RECORD = "1703030013" + "c9872760655666b74d7ff1153efd6db6d0b0e3";

    private static RecordProtection.Opened open(RecordProtection p, String record) {
        byte[] bytes = HEX.parseHex(record);
        return p.open(ByteBuffer.wrap(bytes), 0, bytes.length);
    }

    @ParameterizedTest(name = "the JDK's AES-GCM: {0}")
    @ValueSource(booleans = {false, true})
    void opensRfc8448ApplicationDataAndCloseNotifyInSequence(boolean jdkGcm) {
        RecordProtection.Tls13 client = new RecordProtection.Tls13(CipherSuite.TLS_AES_128_GCM_SHA256, CLIENT_APPLICATION, jdkGcm);
        RecordProtection.Content data = (RecordProtection.Content) open(client, APPLICATION_RECORD);
        assertEquals(23, data.type());
        byte[] expected = new byte[50];
        for (int i = 0; i < 50; i++) expected[i] = (byte) i;
        assertArrayEquals(expected, data.bytes());
        assertEquals(5, data.at(), "the plaintext sits right after the 5-byte header");
        RecordProtection.Content alert = (RecordProtection.Content) open(client, ALERT_RECORD);
        assertEquals(21, alert.type());
        assertEquals("0100", HEX.formatHex(alert.bytes()));
        assertEquals("warning close_notify", Alerts.describe(alert.bytes()));
        assertEquals(2, client.sequence);
    }

    @ParameterizedTest(name = "the JDK's AES-GCM: {0}")
    @ValueSource(booleans = {false, true})
    void aWrongSecretOrAWrongSequenceNumberFailsTheTag(boolean jdkGcm) {
        byte[] wrong = CLIENT_APPLICATION.clone();
        wrong[0] ^= 1;
        RecordProtection.Opened o = open(new RecordProtection.Tls13(CipherSuite.TLS_AES_128_GCM_SHA256, wrong, jdkGcm), APPLICATION_RECORD);
        RecordProtection.Failed failed = assertInstanceOf(RecordProtection.Failed.class, o);
        assertEquals("record 0 of this key: authentication tag mismatch (expected: the key log's secrets to open it; a key log of"
                + " another run, or a damaged record?)", failed.reason());
        RecordProtection.Tls13 skipped = new RecordProtection.Tls13(CipherSuite.TLS_AES_128_GCM_SHA256, CLIENT_APPLICATION, jdkGcm);
        assertInstanceOf(RecordProtection.Failed.class, open(skipped, ALERT_RECORD), "the alert is record 1, not 0");
        assertEquals(0, skipped.sequence, "a record that does not open is not counted");
    }

    @Test
    void aRecordTooShortForItsTagIsRefusedBeforeDecrypting() {
        RecordProtection.Tls13 p = new RecordProtection.Tls13(CipherSuite.TLS_AES_128_GCM_SHA256, CLIENT_APPLICATION);
        RecordProtection.Failed f = assertInstanceOf(RecordProtection.Failed.class, open(p, "1703030004deadbeef"));
        assertEquals("encrypted record of 4 bytes (expected: at least 17, a content type and the tag)", f.reason());
    }

    @Test
    void theJdksAesGcmIsUsedWhereC2Compiles() throws Exception {
        // The tests run on the JVM's default compilers (C2 among them).
        assertTrue(Aes.jdkIsFaster());
        assertTrue(new RecordProtection.Tls13(CipherSuite.TLS_AES_128_GCM_SHA256, CLIENT_APPLICATION).jdkGcm());
        assertFalse(new RecordProtection.Tls13(CipherSuite.TLS_AES_128_GCM_SHA256, CLIENT_APPLICATION, false).jdkGcm());
        // The launcher runs a small capture on C1 alone: there our AES-GCM.
        assertEquals("AesGcm", compilersSay("-XX:TieredStopAtLevel=1"));
        assertEquals("the JDK's", compilersSay("-XX:-TieredCompilation"));
    }

    /** Which AES-GCM opens a TLS 1.3 record in a JVM started with {@code option}. */
    private static String compilersSay(String option) throws Exception {
        String classPath = java.nio.file.Path.of(AesGcm.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                + java.io.File.pathSeparator
                + java.nio.file.Path.of(RecordProtectionTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Process child = new ProcessBuilder(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString(), option,
                "-cp", classPath, WhichGcm.class.getName()).redirectErrorStream(true).start();
        String said = new String(child.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
        assertEquals(0, child.waitFor(), said);
        return said;
    }

    /** Says which AES-GCM this JVM's records are opened by. */
    static final class WhichGcm {
        public static void main(String[] args) {
            System.out.println(new RecordProtection.Tls13(CipherSuite.TLS_AES_128_GCM_SHA256, CLIENT_APPLICATION).jdkGcm() ? "the JDK's" : "AesGcm");
        }
    }

    @ParameterizedTest(name = "the JDK's AES-GCM: {0}")
    @ValueSource(booleans = {false, true})
    void aKeyUpdateDerivesTheNextSecretWithTrafficUpd(boolean jdkGcm) {
        RecordProtection.Tls13 p = new RecordProtection.Tls13(CipherSuite.TLS_AES_128_GCM_SHA256, CLIENT_APPLICATION, jdkGcm);
        byte[] next = KeySchedule.expandLabel(CipherSuite.Hash.SHA256, CLIENT_APPLICATION, "traffic upd", new byte[0], 32);
        // The record opens under the secret it was sealed with, and under the next generation's only if that is the same secret.
        assertInstanceOf(RecordProtection.Content.class, open(new RecordProtection.Tls13(CipherSuite.TLS_AES_128_GCM_SHA256, CLIENT_APPLICATION, jdkGcm), APPLICATION_RECORD));
        RecordProtection.Tls13 updated = p.next();
        assertInstanceOf(RecordProtection.Failed.class, open(updated, APPLICATION_RECORD));
        assertEquals(jdkGcm, updated.jdkGcm(), "the next generation opens its records as the one before");
        assertFalse(java.util.Arrays.equals(next, CLIENT_APPLICATION));
    }
    /**
     * CBC records sealed by the JDK's own CBC cipher and HMAC (MAC-then-encrypt, RFC 5246 6.2.3.2), opened in order by
     * two directions of different keys taking turns: TLS 1.0's chaining from record to record, and TLS 1.1's explicit
     * IV per record; AES-128 and AES-256 by {@link Aes} (as on C1) and by the JDK's (as on C2), and 3DES.
     */
    @ParameterizedTest(name = "{0}, explicit IV: {1}, the JDK's AES: {2}")
    @org.junit.jupiter.params.provider.CsvSource({"TLS_RSA_WITH_AES_128_CBC_SHA, false, false", "TLS_RSA_WITH_AES_128_CBC_SHA, true, false",
            "TLS_RSA_WITH_AES_256_CBC_SHA256, true, false", "TLS_RSA_WITH_AES_128_CBC_SHA, false, true", "TLS_RSA_WITH_AES_256_CBC_SHA256, true, true",
            "SSL_RSA_WITH_3DES_EDE_CBC_SHA, false, false", "SSL_RSA_WITH_3DES_EDE_CBC_SHA, true, false"})
    void cbcRecordsOfTwoDirectionsOpenInTurnAsTheJdkSealedThem(CipherSuite suite, boolean explicitIv, boolean jdkAes) throws Exception {
        java.util.Random random = new java.util.Random(suite.ordinal() * 2L + (explicitIv ? 1 : 0));
        Sealer[] sealers = new Sealer[2];
        RecordProtection.Cbc[] openers = new RecordProtection.Cbc[2];
        for (int d = 0; d < 2; d++) {
            byte[] macKey = bytes(random, suite.mac.length), key = bytes(random, suite.bulk.keyLength), iv = bytes(random, suite.bulk.blockLength);
            sealers[d] = new Sealer(suite, macKey, key, iv, explicitIv, random);
            openers[d] = new RecordProtection.Cbc(suite, macKey, key, iv, explicitIv, false, jdkAes);
        }
        for (int r = 0; r < 12; r++) {
            int d = random.nextInt(2);
            byte[] content = bytes(random, random.nextInt(3000));
            byte[] record = sealers[d].seal(23, content);
            RecordProtection.Content opened = assertInstanceOf(RecordProtection.Content.class,
                    openers[d].open(ByteBuffer.wrap(record), 0, record.length), "record " + r + " of direction " + d);
            assertEquals(23, opened.type());
            assertArrayEquals(content, opened.bytes(), "record " + r + " of direction " + d);
            assertEquals(5 + (explicitIv ? suite.bulk.blockLength : 0), opened.at());
        }
        // A record sealed under the other direction's keys does not open: its MAC or padding does not fit.
        byte[] stray = sealers[1].seal(23, bytes(random, 100));
        assertInstanceOf(RecordProtection.Failed.class, openers[0].open(ByteBuffer.wrap(stray), 0, stray.length));
    }

    private static byte[] bytes(java.util.Random random, int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }

    /** One direction's CBC records as a TLS 1.0 to 1.2 peer seals them, with the JDK's javax.crypto. */
    private static final class Sealer {
        private final CipherSuite suite;
        private final javax.crypto.Mac mac;
        private final javax.crypto.spec.SecretKeySpec key;
        private final boolean explicitIv;
        private final java.util.Random random;
        /** TLS 1.0's cipher, chaining on from record to record; null with explicit IVs. */
        private final javax.crypto.Cipher chained;
        private long sequence;

        Sealer(CipherSuite suite, byte[] macKey, byte[] key, byte[] iv, boolean explicitIv, java.util.Random random) throws Exception {
            this.suite = suite;
            this.mac = javax.crypto.Mac.getInstance(suite.mac.hmac);
            this.mac.init(new javax.crypto.spec.SecretKeySpec(macKey, suite.mac.hmac));
            this.key = new javax.crypto.spec.SecretKeySpec(key, suite.bulk.keyAlgorithm);
            this.explicitIv = explicitIv;
            this.random = random;
            this.chained = explicitIv ? null : javax.crypto.Cipher.getInstance(suite.bulk.keyAlgorithm + "/CBC/NoPadding");
            if (chained != null) chained.init(javax.crypto.Cipher.ENCRYPT_MODE, this.key, new javax.crypto.spec.IvParameterSpec(iv));
        }

        byte[] seal(int type, byte[] content) throws Exception {
            int version = explicitIv ? 0x0302 : 0x0301;
            mac.update(ByteBuffer.allocate(13).putLong(sequence++).put((byte) type).putShort((short) version).putShort((short) content.length).array());
            byte[] tag = mac.doFinal(content);
            int block = suite.bulk.blockLength;
            int padding = block - (content.length + tag.length + 1) % block + block * random.nextInt(2);
            ByteBuffer plain = ByteBuffer.allocate(content.length + tag.length + padding + 1).put(content).put(tag);
            for (int i = 0; i <= padding; i++) plain.put((byte) padding);
            byte[] sealed;
            if (explicitIv) {
                byte[] iv = bytes(random, block);
                javax.crypto.Cipher c = javax.crypto.Cipher.getInstance(suite.bulk.keyAlgorithm + "/CBC/NoPadding");
                c.init(javax.crypto.Cipher.ENCRYPT_MODE, key, new javax.crypto.spec.IvParameterSpec(iv));
                sealed = ByteBuffer.allocate(block + plain.capacity()).put(iv).put(c.doFinal(plain.array())).array();
            } else {
                sealed = chained.update(plain.array());
            }
            return ByteBuffer.allocate(5 + sealed.length).put((byte) type).putShort((short) version).putShort((short) sealed.length)
                    .put(sealed).array();
        }
    }
}
