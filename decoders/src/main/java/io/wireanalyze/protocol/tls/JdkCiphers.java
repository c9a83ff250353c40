package io.wireanalyze.protocol.tls;

import javax.crypto.Cipher;
import java.security.GeneralSecurityException;
import java.security.Provider;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The JDK's ciphers by transformation, each made by the provider that made the first of its name (with the JDK's
 * providers, SunJCE). {@code Cipher.getInstance(transformation)} searches every provider's services for the name and
 * returns a cipher that chooses its provider again in {@code init}, trying each candidate with the key: 8 to 9 us a
 * cipher on C1, against 5 us for {@code Cipher.getInstance(transformation, provider)} and an {@code init} that chooses
 * nothing (docs/benchmark.md, twenty-ninth stop).
 */
final class JdkCiphers {

    private static final ConcurrentHashMap<String, Provider> PROVIDERS = new ConcurrentHashMap<>();

    private JdkCiphers() {
    }

    /** A new cipher for {@code transformation}, from the provider that made the first. */
    static Cipher get(String transformation) throws GeneralSecurityException {
        Provider provider = PROVIDERS.get(transformation);
        if (provider == null) {
            Cipher first = Cipher.getInstance(transformation);
            PROVIDERS.putIfAbsent(transformation, first.getProvider());
            return first;
        }
        return Cipher.getInstance(transformation, provider);
    }
}
