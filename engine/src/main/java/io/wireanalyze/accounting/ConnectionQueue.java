package io.wireanalyze.accounting;

/**
 * One of the analysis' queues of connections waiting to be accounted (open, closing, closed), the least recently
 * touched first: a doubly linked list through the connections' own fields, so that moving a connection to the end
 * (once per packet) allocates nothing and hashes nothing. Same order as the {@code LinkedHashSet} it replaces
 * (remove, then add at the end).
 */
final class ConnectionQueue {

    private Connection head, tail;

    boolean isEmpty() {
        return head == null;
    }

    /** The least recently added, or null. */
    Connection first() {
        return head;
    }

    /** Adds {@code c}, which is in no queue, at the end. */
    void add(Connection c) {
        c.queue = this;
        c.before = tail;
        c.after = null;
        if (tail == null) head = c; else tail.after = c;
        tail = c;
    }

    /** Takes {@code c}, which is in this queue, out. */
    void remove(Connection c) {
        if (c.before == null) head = c.after; else c.before.after = c.after;
        if (c.after == null) tail = c.before; else c.after.before = c.before;
        c.before = c.after = null;
        c.queue = null;
    }

    /** Forgets every connection (the analysis has finished with them). */
    void clear() {
        for (Connection c = head; c != null; ) {
            Connection n = c.after;
            c.before = c.after = null;
            c.queue = null;
            c = n;
        }
        head = tail = null;
    }
}
