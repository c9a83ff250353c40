package io.wireanalyze.protocol;

/**
 * A field of a protocol's details that the reports write among a message's shared fields rather than after them
 * ({@link Details#columns}): its key, and the key of the field it follows. A protocol declares its own in the
 * protocol table, so the reports' schema names none.
 *
 * @param key   its JSON key and CSV column
 * @param after the key it is written after: a shared field's, or another such column's declared before it
 */
public record DetailColumn(String key, String after) {
}
