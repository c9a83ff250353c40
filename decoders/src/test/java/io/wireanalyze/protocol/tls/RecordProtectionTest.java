package io.wireanalyze.protocol.tls;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.*;

/** Opening records: RFC 8448's client application data and close_notify records, and what a wrong key gives. */
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

    @Test
    void opensRfc8448ApplicationDataAndCloseNotifyInSequence() {
        RecordProtection.Tls13 client = new RecordProtection.Tls13(CipherSuite.TLS_AES_128_GCM_SHA256, CLIENT_APPLICATION);
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

    @Test
    void aWrongSecretOrAWrongSequenceNumberFailsTheTag() {
        byte[] wrong = CLIENT_APPLICATION.clone();
        wrong[0] ^= 1;
        RecordProtection.Opened o = open(new RecordProtection.Tls13(CipherSuite.TLS_AES_128_GCM_SHA256, wrong), APPLICATION_RECORD);
        RecordProtection.Failed failed = assertInstanceOf(RecordProtection.Failed.class, o);
        assertEquals("record 0 of this key: authentication tag mismatch (expected: the key log's secrets to open it; a key log of"
                + " another run, or a damaged record?)", failed.reason());
        RecordProtection.Tls13 skipped = new RecordProtection.Tls13(CipherSuite.TLS_AES_128_GCM_SHA256, CLIENT_APPLICATION);
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
    void aKeyUpdateDerivesTheNextSecretWithTrafficUpd() {
        RecordProtection.Tls13 p = new RecordProtection.Tls13(CipherSuite.TLS_AES_128_GCM_SHA256, CLIENT_APPLICATION);
        byte[] next = KeySchedule.expandLabel(CipherSuite.Hash.SHA256, CLIENT_APPLICATION, "traffic upd", new byte[0], 32);
        // The record opens under the secret it was sealed with, and under the next generation's only if that is the same secret.
        assertInstanceOf(RecordProtection.Content.class, open(new RecordProtection.Tls13(CipherSuite.TLS_AES_128_GCM_SHA256, CLIENT_APPLICATION), APPLICATION_RECORD));
        assertInstanceOf(RecordProtection.Failed.class, open(p.next(), APPLICATION_RECORD));
        assertFalse(java.util.Arrays.equals(next, CLIENT_APPLICATION));
    }
}
