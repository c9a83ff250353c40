package io.wireanalyze.workloads.soap;

import io.wireanalyze.workloads.WorkloadException;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The WS-Security keys of one soap-wssec run, made fresh in a temporary directory and never checked in: an RSA 2048
 * key pair and self-signed certificate for the client and one for the server, made by the JDK's own {@code keytool};
 * each PKCS#12 store then also trusts the other side's certificate (client.p12: the client's key, the server's
 * certificate; server.p12 the other way), under a random password kept in the directory.
 */
final class SoapKeys {

    /** Which side's store. */
    enum Side {
        CLIENT("client"), SERVER("server");

        private final String alias;

        Side(String alias) {
            this.alias = alias;
        }

        /** The alias of this side's key and certificate. */
        String alias() {
            return alias;
        }

        Side other() {
            return this == CLIENT ? SERVER : CLIENT;
        }
    }

    /** The stores in a key directory and their password. */
    record Stored(Path dir, String password) {
        Path store(Side side) {
            return dir.resolve(side.alias() + ".p12");
        }
    }

    private static final String PASSWORD_FILE = "password";
    private static final Duration KEYTOOL_TIMEOUT = Duration.ofSeconds(60);

    private SoapKeys() {
    }

    /** Makes both sides' keys in {@code dir} (a fresh, private directory). */
    static Stored make(Path dir) throws WorkloadException {
        String password = HexFormat.of().formatHex(new SecureRandom().generateSeed(12));
        Stored stored = new Stored(dir, password);
        try {
            Files.writeString(dir.resolve(PASSWORD_FILE), password, StandardCharsets.US_ASCII);
            for (Side side : Side.values()) keytool(stored, side);
            Certificate client = load(stored, Side.CLIENT).getCertificate(Side.CLIENT.alias());
            Certificate server = load(stored, Side.SERVER).getCertificate(Side.SERVER.alias());
            trust(stored, Side.CLIENT, server);
            trust(stored, Side.SERVER, client);
        } catch (IOException | GeneralSecurityException e) {
            throw new WorkloadException("soap-wssec keys in " + dir + ": " + e.getMessage(), e);
        }
        return stored;
    }

    /** The keys {@link #make} left in {@code dir}. */
    static Stored stored(Path dir) {
        try {
            return new Stored(dir, Files.readString(dir.resolve(PASSWORD_FILE), StandardCharsets.US_ASCII).strip());
        } catch (IOException e) {
            throw new IllegalArgumentException("soap-wssec keys: " + dir.resolve(PASSWORD_FILE) + ": " + e.getMessage()
                    + " (expected: the directory the workload made)", e);
        }
    }

    private static void keytool(Stored s, Side side) throws IOException, WorkloadException {
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        List<String> command = List.of(keytool.toString(), "-genkeypair", "-alias", side.alias(), "-keyalg", "RSA",
                "-keysize", "2048", "-sigalg", "SHA256withRSA", "-validity", "2", "-dname", "CN=wireanalyze soap " + side.alias(),
                "-storetype", "PKCS12", "-keystore", s.store(side).toString(), "-storepass", s.password(), "-keypass", s.password());
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).replaceAll("\\s+", " ").strip();
            if (!p.waitFor(KEYTOOL_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new WorkloadException("keytool -genkeypair " + side.alias() + ": still running after "
                        + KEYTOOL_TIMEOUT.toSeconds() + " s (expected: done in a second or two)");
            }
            if (p.exitValue() != 0)
                throw new WorkloadException("keytool -genkeypair " + side.alias() + ": exit code " + p.exitValue() + ": " + output);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new WorkloadException("keytool -genkeypair " + side.alias() + ": interrupted", e);
        }
    }

    private static KeyStore load(Stored s, Side side) throws IOException, GeneralSecurityException {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(s.store(side))) {
            ks.load(in, s.password().toCharArray());
        }
        return ks;
    }

    private static void trust(Stored s, Side side, Certificate other) throws IOException, GeneralSecurityException {
        KeyStore ks = load(s, side);
        ks.setCertificateEntry(side.other().alias(), other);
        try (OutputStream out = Files.newOutputStream(s.store(side))) {
            ks.store(out, s.password().toCharArray());
        }
    }
}
