package io.wireanalyze.frame;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/** A reader's endpoints give back an endpoint seen before, and only ever one equal to what was asked. */
class EndpointsTest {

    private static final int LOCALHOST = 0x7f000001;

    @Test
    void anEndpointSeenBeforeIsGivenBack() {
        Endpoints known = new Endpoints();
        Endpoint a = known.ipv4(LOCALHOST, 34450);
        assertEquals(Endpoint.ipv4(LOCALHOST, 34450), a);
        assertSame(a, known.ipv4(LOCALHOST, 34450));
        Endpoint v6 = known.ipv6(0x20010db800000000L, 2, 1099);
        assertEquals(new Endpoint(true, 0x20010db800000000L, 2, 1099), v6);
        assertSame(v6, known.ipv6(0x20010db800000000L, 2, 1099));
    }

    @Test
    void endpointsOfOneSlotReplaceEachOtherAndNeverStandForEachOther() {
        Endpoints known = new Endpoints();
        Endpoint a = known.ipv4(LOCALHOST, 34450);
        int slot = Endpoints.slot(0, Integer.toUnsignedLong(LOCALHOST), 34450);
        int other = LOCALHOST + 1;
        while (Endpoints.slot(0, Integer.toUnsignedLong(other), 34450) != slot) other++;
        assertEquals(Endpoint.ipv4(other, 34450), known.ipv4(other, 34450));
        Endpoint again = known.ipv4(LOCALHOST, 34450);
        assertEquals(a, again);
        assertNotSame(a, again);
        // An IPv6 address whose high half is 0 has the slot of the IPv4 address of its low half: told apart.
        assertEquals(new Endpoint(true, 0, Integer.toUnsignedLong(LOCALHOST), 34450), known.ipv6(0, Integer.toUnsignedLong(LOCALHOST), 34450));
        assertEquals(Endpoint.ipv4(LOCALHOST, 34450), known.ipv4(LOCALHOST, 34450));
    }
}
