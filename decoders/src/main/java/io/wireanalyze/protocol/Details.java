package io.wireanalyze.protocol;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a protocol's decoder learned about a message beyond the fields every protocol shares: each protocol's
 * details are records of a sealed interface in its own package. {@link #fields} is their one schema: JSON, CSV and
 * the text report write what it writes, in its order, under its keys.
 */
public interface Details {

    /** Writes the fields in report order; absent (null) values are left out. */
    void fields(FieldSink out);

    /**
     * The protocol's own fields that the reports write among a message's shared columns rather than after them
     * (JRMP's operation number, ObjID number and DGC lease), under the keys the report schema lists there; absent
     * (null) values are left out. None by default.
     */
    default void columns(FieldSink out) {
    }

    /** The value {@link #columns} writes under {@code key}, or null. */
    default Object column(String key) {
        Object[] found = new Object[1];
        columns((k, v) -> {
            if (k.equals(key)) found[0] = v;
        });
        return found[0];
    }

    /**
     * What a reply whose body no decoder read keeps of these, its request's, details: the columns that name the call
     * (JRMP's operation and ObjID numbers); {@link #NONE} by default.
     */
    default Details forReply() {
        return NONE;
    }

    /** The exception a reply carries (class name or repository id), or null. */
    default String exception() {
        return null;
    }

    /** A short note for the text report's list of notable messages (DGC ObjIDs, an acknowledged return), or null. */
    default String note() {
        return null;
    }

    /**
     * The message's bytes counted by what they are ({@link ByteCount}: an outer layer's framing, the values apart
     * from their markup ...), each count it can tell; none by default.
     */
    default void counts(CountSink out) {
    }

    /** The bytes {@link #counts} declares for {@code count}, or null when it declares none. */
    default Long count(ByteCount count) {
        Long[] found = new Long[1];
        counts((c, n) -> {
            if (c.equals(count)) found[0] = n;
        });
        return found[0];
    }

    /** What a reply returned, for the same list: a stub's type and endpoint; empty when nothing notable. */
    default List<String> returned() {
        return List.of();
    }

    /** The detail another connection's fact supplies ({@link FactRef}), or null when none is wanted. */
    default FactRef wants() {
        return null;
    }

    /** These details with the fact {@code ref} asked for: {@code value} in the field it names. */
    default Details supplied(FactRef ref, String value) {
        return this;
    }

    /** The fields as an ordered map, key to value: what {@link #fields} writes. */
    default Map<String, Object> asMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        fields(m::put);
        return m;
    }

    /** No details. */
    Details NONE = out -> { };

    /** Receives a message's detail fields, in order. */
    @FunctionalInterface
    interface FieldSink {
        /** A field; called only for present values (strings, numbers, booleans, lists of them). */
        void field(String key, Object value);

        /** {@link #field}, unless {@code value} is null. */
        default FieldSink put(String key, Object value) {
            if (value != null) field(key, value);
            return this;
        }
    }

    /**
     * The details of a layer around another protocol's message (HTTP around a SOAP envelope, TLS around HTTP): what
     * the inner message says of itself (its columns, exception, note, what it returned, what its reply keeps) passes
     * through; the layer adds its own fields and counts (its framing).
     */
    interface Layer extends Details {
        /** The carried message's details. */
        Details inner();

        @Override
        default void columns(FieldSink out) {
            inner().columns(out);
        }

        @Override
        default Details forReply() {
            return inner().forReply();
        }

        @Override
        default String exception() {
            return inner().exception();
        }

        @Override
        default String note() {
            return inner().note();
        }

        @Override
        default List<String> returned() {
            return inner().returned();
        }
    }

    /** Receives a message's byte counts. */
    @FunctionalInterface
    interface CountSink {
        /** A count the message declares. */
        void count(ByteCount count, long bytes);

        /** {@link #count}, unless {@code bytes} is null. */
        default CountSink put(ByteCount count, Long bytes) {
            if (bytes != null) count(count, bytes);
            return this;
        }
    }

    /** Bytes no decoder understood, and why. */
    record Unparsed(String reason) implements Details {
        @Override
        public void fields(FieldSink out) {
            out.put("reason", reason);
        }
    }
}
