package io.wireanalyze.protocol.tls;

import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * An NSS key log (the format Wireshark's {@code tls.keylog_file} reads, written by browsers' and curl's
 * {@code SSLKEYLOGFILE}, OpenSSL's {@code -keylogfile} and the Java agent {@code extract-tls-secrets}), as data: the
 * CLI reads the file and hands its lines here. Lines are {@code LABEL <client random> <secret>}, in hex:
 * <ul>
 *   <li>{@code CLIENT_RANDOM}: a TLS 1.2 (and earlier) master secret, by the ClientHello's random;</li>
 *   <li>{@code RSA Session-ID:<id> Master-Key:<secret>}: a master secret by the ServerHello's session id (what
 *       {@code extract-tls-secrets} writes for TLS 1.2);</li>
 *   <li>{@code CLIENT_HANDSHAKE_TRAFFIC_SECRET}, {@code SERVER_HANDSHAKE_TRAFFIC_SECRET}, {@code CLIENT_TRAFFIC_SECRET_0},
 *       {@code SERVER_TRAFFIC_SECRET_0} (and the early and exporter secrets, kept but not used): TLS 1.3.</li>
 * </ul>
 * Comments ({@code #}) and blank lines are skipped; other lines (an unknown label, bad hex) are counted in
 * {@link #ignoredLines()} and otherwise ignored, as Wireshark ignores them. Immutable.
 */
public final class TlsKeyLog {

    /** The labels of a key log line. */
    enum Label {
        CLIENT_RANDOM, CLIENT_EARLY_TRAFFIC_SECRET, CLIENT_HANDSHAKE_TRAFFIC_SECRET, SERVER_HANDSHAKE_TRAFFIC_SECRET,
        CLIENT_TRAFFIC_SECRET_0, SERVER_TRAFFIC_SECRET_0, EARLY_EXPORTER_SECRET, EXPORTER_SECRET
    }

    /** No secrets at all: nothing is decrypted. */
    public static final TlsKeyLog EMPTY = new TlsKeyLog(Map.of(), Map.of(), 0, 0);

    static final int RANDOM_LENGTH = 32;
    static final int MASTER_SECRET_LENGTH = 48;
    private static final String RSA_SESSION = "RSA Session-ID:";
    private static final String MASTER_KEY = " Master-Key:";
    private static final HexFormat HEX = HexFormat.of();

    private final Map<String, Map<Label, byte[]>> byClientRandom;
    private final Map<String, byte[]> bySessionId;
    private final int entries;
    private final int ignoredLines;

    private TlsKeyLog(Map<String, Map<Label, byte[]>> byClientRandom, Map<String, byte[]> bySessionId, int entries,
                      int ignoredLines) {
        this.byClientRandom = byClientRandom;
        this.bySessionId = bySessionId;
        this.entries = entries;
        this.ignoredLines = ignoredLines;
    }

    /** The key log's lines, as read from the file. */
    public static TlsKeyLog parse(List<String> lines) {
        Map<String, Map<Label, byte[]>> byRandom = new HashMap<>();
        Map<String, byte[]> bySession = new HashMap<>();
        int entries = 0, ignored = 0;
        for (String raw : lines) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) continue;
            if (line.startsWith(RSA_SESSION) && line.contains(MASTER_KEY)) {
                int m = line.indexOf(MASTER_KEY);
                byte[] id = hex(line.substring(RSA_SESSION.length(), m), -1);
                byte[] master = hex(line.substring(m + MASTER_KEY.length()), MASTER_SECRET_LENGTH);
                if (id == null || id.length == 0 || id.length > 32 || master == null) {
                    ignored++;
                    continue;
                }
                bySession.put(HEX.formatHex(id), master);
                entries++;
                continue;
            }
            String[] f = line.split("\\s+");
            Label label = f.length == 3 ? label(f[0]) : null;
            byte[] random = label == null ? null : hex(f[1], RANDOM_LENGTH);
            byte[] secret = label == null ? null : hex(f[2], label == Label.CLIENT_RANDOM ? MASTER_SECRET_LENGTH : -1);
            if (random == null || secret == null || secret.length == 0) {
                ignored++;
                continue;
            }
            byRandom.computeIfAbsent(HEX.formatHex(random), k -> new EnumMap<>(Label.class)).put(label, secret);
            entries++;
        }
        Map<String, Map<Label, byte[]>> frozen = new HashMap<>();
        byRandom.forEach((k, v) -> frozen.put(k, Collections.unmodifiableMap(v)));
        return new TlsKeyLog(Map.copyOf(frozen), Map.copyOf(bySession), entries, ignored);
    }

    /** This key log's secrets and {@code other}'s, as one (where both name the same secret, {@code other}'s). */
    public TlsKeyLog plus(TlsKeyLog other) {
        if (other.isEmpty()) return this;
        if (isEmpty()) return other;
        Map<String, Map<Label, byte[]>> byRandom = new HashMap<>();
        for (TlsKeyLog k : List.of(this, other))
            k.byClientRandom.forEach((r, m) -> byRandom.computeIfAbsent(r, x -> new EnumMap<>(Label.class)).putAll(m));
        Map<String, byte[]> bySession = new HashMap<>(bySessionId);
        bySession.putAll(other.bySessionId);
        Map<String, Map<Label, byte[]>> frozen = new HashMap<>();
        byRandom.forEach((k, v) -> frozen.put(k, Collections.unmodifiableMap(v)));
        return new TlsKeyLog(Map.copyOf(frozen), Map.copyOf(bySession), entries + other.entries, ignoredLines + other.ignoredLines);
    }

    /** Lines that gave a secret. */
    public int entries() {
        return entries;
    }

    /** Lines neither secrets, comments nor blank (an unknown label, bad hex). */
    public int ignoredLines() {
        return ignoredLines;
    }

    public boolean isEmpty() {
        return entries == 0;
    }

    /** The secret with this label for the connection whose ClientHello had this random, or null. */
    byte[] secret(Label label, byte[] clientRandom) {
        Map<Label, byte[]> m = byClientRandom.get(HEX.formatHex(clientRandom));
        byte[] s = m == null ? null : m.get(label);
        return s == null ? null : s.clone();
    }

    /** A TLS 1.2 master secret: by the client random ({@code CLIENT_RANDOM}), else by the session id; null when neither. */
    byte[] masterSecret(byte[] clientRandom, byte[] sessionId) {
        byte[] m = secret(Label.CLIENT_RANDOM, clientRandom);
        if (m == null && sessionId.length > 0) m = bySessionId.get(HEX.formatHex(sessionId));
        return m == null ? null : m.clone();
    }

    @Override
    public String toString() {
        return "TlsKeyLog[" + entries + " secrets for " + byClientRandom.size() + " client randoms and " + bySessionId.size()
                + " session ids, " + ignoredLines + " lines ignored]";
    }

    private static Label label(String s) {
        for (Label l : Label.values()) if (l.name().equals(s)) return l;
        return null;
    }

    /** The hex string's bytes (any case), or null when it is not hex or not {@code length} bytes ({@code -1}: any). */
    private static byte[] hex(String s, int length) {
        if (s.length() % 2 != 0 || (length >= 0 && s.length() != 2 * length)) return null;
        try {
            return HEX.parseHex(s.toLowerCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
