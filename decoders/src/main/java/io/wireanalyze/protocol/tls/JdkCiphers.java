package io.wireanalyze.protocol.tls;

import javax.crypto.Cipher;
import java.security.GeneralSecurityException;
import java.security.Provider;
import java.util.HashMap;
import java.util.Map;

/**
 * The JDK's ciphers by transformation, each made by the provider that makes it by name (with the JDK's providers,
 * SunJCE), found once for every transformation the cipher suites use. {@code Cipher.getInstance(transformation)}
 * searches every provider's services for the name and returns a cipher that chooses its provider again in
 * {@code init}, trying each candidate with the key: 8 to 9 us a cipher on C1, against 5 us for
 * {@code Cipher.getInstance(transformation, provider)} and an {@code init} that chooses nothing (docs/benchmark.md,
 * twenty-ninth stop). The providers are looked up when the class is first used and never change: nothing here is
 * shared state.
 */
final class JdkCiphers {

    private static final Map<String, Provider> PROVIDERS = providers();

    private JdkCiphers() {
    }

    private static Map<String, Provider> providers() {
        Map<String, Provider> found = new HashMap<>();
        for (CipherSuite.Aead a : CipherSuite.Aead.values()) find(a.transformation, found);
        for (CipherSuite.Bulk b : CipherSuite.Bulk.values()) find(b.transformation, found);
        return Map.copyOf(found);
    }

    private static void find(String transformation, Map<String, Provider> found) {
        try {
            found.putIfAbsent(transformation, Cipher.getInstance(transformation).getProvider());
        } catch (GeneralSecurityException e) {
            // not in this JDK: get() searches for it again, and says so
        }
    }

    /** A new cipher for {@code transformation}, from the provider found for it. */
    static Cipher get(String transformation) throws GeneralSecurityException {
        Provider provider = PROVIDERS.get(transformation);
        return provider == null ? Cipher.getInstance(transformation) : Cipher.getInstance(transformation, provider);
    }
}
