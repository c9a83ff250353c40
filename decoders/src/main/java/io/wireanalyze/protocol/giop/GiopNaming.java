package io.wireanalyze.protocol.giop;

import io.wireanalyze.protocol.Facts;

import java.util.HashSet;
import java.util.Set;

/**
 * Which GIOP traffic is naming (CORBA Naming Service 1.3, module CosNaming), recognised by object key or by the
 * reference having come from the naming service, never by port: one connection's view, backed by the facts
 * of the capture ({@link Facts}): a naming context another connection was handed before counts too (Wireshark keeps
 * the same kind of table, {@code giop_objkey_hash}, filled from {@code resolve} replies). Keys are matched alone: a
 * session does not know its server's address, and object keys carry POA and object ids that make them unique in
 * practice.
 */
final class GiopNaming {

    static final String COS_NAMING = "IDL:omg.org/CosNaming/";

    /** NamingContext, NamingContextExt and BindingIterator operations that take a CosNaming::Name first. */
    private static final Set<String> NAME_FIRST = Set.of("resolve", "bind", "rebind", "bind_context",
            "rebind_context", "unbind", "bind_new_context", "to_string");
    /** Operations that take a stringified name (or, on the JDK's INIT object, an initial reference's name). */
    private static final Set<String> STRING_FIRST = Set.of("resolve_str", "to_name", "get");
    /** Operations whose NO_EXCEPTION reply body is an object reference. */
    private static final Set<String> RETURNS_REFERENCE = Set.of("resolve", "resolve_str", "new_context",
            "bind_new_context", "get", "resolve_initial_references");
    /** The JDK ORB's bootstrap operations on the "INIT" key. */
    private static final Set<String> BOOTSTRAP_OPS = Set.of("get", "list");
    private static final int MAX_KEYS = 1024;
    private static final int MAX_COMPONENTS = 64;

    /** The kind of fact a naming context handed out is: key its object key (hex), value its host:port (or empty). */
    static final String FACT = "giop.naming-context";

    private final Facts facts;
    private final Set<String> keys = new HashSet<>();   // this connection's naming context keys (hex)

    GiopNaming(Facts facts) {
        this.facts = facts;
    }

    /** Whether a request (or LocateRequest) to this target is naming traffic. */
    boolean isNamingTarget(ObjectKey key, Ior target, String operation) {
        if (target != null && target.typeId().startsWith(COS_NAMING)) return true;
        if (key == null) return false;
        if (key.isBootstrap()) return operation == null || BOOTSTRAP_OPS.contains(operation);
        return key.looksLikeNaming() || keys.contains(key.hex()) || facts.known(FACT, key.hex()) != null;
    }

    /** A key proven to be a naming context on this connection (an {@code _is_a} naming type, say). */
    void remember(ObjectKey key) {
        if (key != null && keys.size() < MAX_KEYS) keys.add(key.hex());
    }

    /** A reference a naming reply handed out: a naming context when forwarded to, or typed as one. */
    void handedOut(Ior ior, boolean forward) {
        if (ior == null || ior.objectKey() == null) return;
        if (forward || ior.typeId().startsWith(COS_NAMING)) {
            facts.learned(FACT, ior.objectKey().hex(), ior.endpoint() == null ? "" : ior.endpoint());
            remember(ior.objectKey());
        }
    }

    static boolean returnsReference(String operation) {
        return operation != null && RETURNS_REFERENCE.contains(operation);
    }

    /**
     * The name a naming request is about, from its body: a CosNaming::Name (sequence of {string id; string kind})
     * in INS form "id.kind/id.kind", or a string; null when the operation takes none or it does not parse.
     */
    static String nameArgument(String operation, CdrReader body, int maxChars) {
        if (operation == null) return null;
        if (STRING_FIRST.contains(operation)) {
            String s = body.string("giop.naming.name");
            return body.ok() ? s : null;
        }
        if (!NAME_FIRST.contains(operation)) return null;
        int n = body.count("giop.naming.name", 8);
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < n && i < MAX_COMPONENTS && body.ok(); i++) {
            String id = body.string("giop.naming.id"), kind = body.string("giop.naming.kind");
            if (i > 0) s.append('/');
            s.append(id);
            if (!kind.isEmpty()) s.append('.').append(kind);
            if (s.length() > maxChars) break;
        }
        if (!body.ok()) return null;
        return s.length() > maxChars ? s.substring(0, maxChars) + "..." : s.toString();
    }
}
