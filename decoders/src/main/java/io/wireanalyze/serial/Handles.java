package io.wireanalyze.serial;

import io.wireanalyze.codec.Hex;
import static io.wireanalyze.serial.SerialConstants.BASE_WIRE_HANDLE;

import java.util.ArrayList;
import java.util.List;

/**
 * The handle table of one stream (§6.4 "newHandle: the next number in sequence is assigned to the object being
 * serialized or deserialized"; §6.4.2 baseWireHandle). An entry is null while its node is being built.
 */
final class Handles {

    private final List<SerialNode> table = new ArrayList<>();

    /** Assigns the next handle to a node about to be built; returns its index for {@link #finish}. */
    int assign() {
        table.add(null);
        return table.size() - 1;
    }

    /** Records the finished node of handle index {@code index} from {@link #assign}. */
    void finish(int index, SerialNode node) {
        table.set(index, node);
    }

    /** Whether the wire handle has been assigned since the last reset. */
    boolean known(int handle) {
        long index = (long) handle - BASE_WIRE_HANDLE;
        return index >= 0 && index < table.size();
    }

    /** The node of a {@link #known} handle, or null while it is still being built. */
    SerialNode lookup(int handle) {
        return table.get(handle - BASE_WIRE_HANDLE);
    }

    /** The assigned range, for error messages, e.g. "0x7e0000..0x7e0004". */
    String range() {
        return table.isEmpty() ? "none, no handle is assigned since the start or the last reset"
            : Hex.of(BASE_WIRE_HANDLE) + ".." + Hex.of(BASE_WIRE_HANDLE + table.size() - 1L);
    }

    /** TC_RESET and TC_EXCEPTION: handles restart at baseWireHandle. */
    void clear() {
        table.clear();
    }
}
