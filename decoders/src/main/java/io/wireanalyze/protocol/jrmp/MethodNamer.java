package io.wireanalyze.protocol.jrmp;

import io.wireanalyze.protocol.Memo;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Names application calls from their method hash (Java RMI Specification 8.3: the SHA-1 of name and descriptor):
 * first from the names the analysis was given (the workload's interfaces, {@code --interfaces} jars, signatures of
 * {@code --method-names}), then from the well-known remote interfaces (JMX, activation, Spring's RMI invoker), then
 * by guessing: with the argument descriptors read from the call, names from a word list, from the verbs joined to
 * the arguments' type names ({@code send} + {@code Ints}) and from {@code --method-names}, against the common
 * return types, until a hash matches. A namer is one connection's: its guesses are kept per hash, and a guess depends
 * only on the call (its hash and arguments), so connections decoded apart name alike. The analysis' {@link Memo} of
 * that function saves the work and changes no name.
 */
final class MethodNamer {

    /** A name and where it came from. */
    record Named(String method, String remoteInterface, Source source) {
    }

    enum Source { GIVEN, WELL_KNOWN, GUESSED }

    private static final Map<Long, String[]> WELL_KNOWN = wellKnown();   // hash -> {interface, method}
    private static final List<String> VERBS = List.of("get", "set", "send", "put", "add", "remove", "find", "create",
            "delete", "update", "list", "lookup", "execute", "invoke", "call", "process", "handle", "run", "ping", "echo",
            "hello", "sayHello", "login", "logout", "query", "search", "submit", "save", "load", "store", "fetch", "read",
            "write", "open", "close", "start", "stop", "register", "unregister", "notify", "publish", "subscribe",
            "compute", "calculate", "transfer", "check", "validate", "receive", "post", "upload", "download", "sync",
            "apply", "accept", "reject", "status", "version", "shutdown", "reset", "clear", "count", "size", "isAlive",
            "getName", "getValue", "getVersion", "getStatus", "getInfo", "getData", "getInt", "getLong", "getShort",
            "getByte", "getFloat", "getDouble", "getBoolean", "getString", "getChar", "getObject", "getList", "getMap",
            "heartbeat", "exec", "eval", "authenticate", "connect", "disconnect", "lock", "unlock", "commit", "rollback");
    private static final List<String> RETURNS = List.of("V", "I", "J", "Z", "D", "F", "S", "B", "C", "Ljava/lang/String;",
            "Ljava/lang/Object;", "[B", "[I", "[Ljava/lang/String;", "[Ljava/lang/Object;", "Ljava/util/List;",
            "Ljava/util/Map;", "Ljava/util/Set;", "Ljava/util/Collection;", "Ljava/lang/Integer;", "Ljava/lang/Long;",
            "Ljava/lang/Boolean;", "Ljava/util/Date;");

    private final Map<Long, String> given;
    private final Set<String> words;
    private final Memo memo;
    private final Map<Long, Named> guessed = new HashMap<>();
    /** Guessing costs some thousand hashes: a connection of random calls (a fuzzer's, an attacker's) gets this many. */
    static final int MAX_GUESSED_HASHES = 256;

    /** A guess that found nothing, as the memo keeps it. */
    private static final Named NONE = new Named(null, null, Source.GUESSED);

    /**
     * @param given  names by hash (exact)
     * @param words  method names to try when guessing, besides the built-in list
     * @param memo   the analysis' memo of guesses
     */
    MethodNamer(Map<Long, String> given, Set<String> words, Memo memo) {
        this.given = given;
        this.words = words;
        this.memo = memo;
    }

    /** The call's name, or null when nothing names it. */
    Named name(long hash, Arguments arguments) {
        String name = given.get(hash);
        if (name != null) return new Named(name, null, Source.GIVEN);
        String[] known = WELL_KNOWN.get(hash);
        if (known != null) return new Named(known[1], known[0], Source.WELL_KNOWN);
        // The connection's first call with a hash is guessed from; the guess names its later calls with that hash.
        if (guessed.containsKey(hash) || guessed.size() >= MAX_GUESSED_HASHES) return guessed.get(hash);
        Named g = memo.get("jrmp.method-guess|" + hash + "|" + arguments.descriptors() + "|" + arguments.nouns(), () -> {
            Named found = guess(hash, arguments);
            return found == null ? NONE : found;
        });
        if (g == NONE) g = null;
        guessed.put(hash, g);
        return g;
    }

    private Named guess(long hash, Arguments arguments) {
        Set<String> names = new LinkedHashSet<>(words);
        names.addAll(VERBS);
        for (String verb : VERBS) {
            if (!Character.isLowerCase(verb.charAt(verb.length() - 1)) || verb.length() > 9) continue;
            for (String noun : arguments.nouns()) names.add(verb + noun);
        }
        RmiMethodHash.Hasher hasher = new RmiMethodHash.Hasher();
        for (String descriptor : arguments.descriptors()) {
            if (descriptor.contains("?")) continue;
            for (String name : names) {
                for (String ret : RETURNS) {
                    if (hasher.of(name, descriptor, ret) == hash) return new Named(name, null, Source.GUESSED);
                }
            }
        }
        return null;
    }

    private static Map<Long, String[]> wellKnown() {
        Map<Long, String[]> out = new HashMap<>();
        try (InputStream in = MethodNamer.class.getResourceAsStream("well-known-methods.tsv")) {
            if (in == null) throw new IllegalStateException("well-known-methods.tsv is missing from the decoders jar");
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = r.readLine()) != null) {
                if (line.startsWith("#") || line.isBlank()) continue;
                String[] f = line.split("\t");
                String signature = f[1];
                out.put(RmiMethodHash.of(signature), new String[]{f[0], signature.substring(0, signature.indexOf('('))});
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Map.copyOf(out);
    }
}
