package io.wireanalyze.workloads;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class PayloadTest {

    @Test
    void parsesIntsCharsNoneAndGetters() {
        assertEquals(new Payload(BenchMethod.SEND_INTS, 100), Payload.parse("ints:100").orElseThrow());
        assertEquals(new Payload(BenchMethod.SEND_CHARS, 0), Payload.parse("chars:0").orElseThrow());
        assertEquals(new Payload(BenchMethod.PING, 0), Payload.parse("none").orElseThrow());
        assertEquals(new Payload(BenchMethod.GET_INT, 0), Payload.parse("getInt").orElseThrow());
        assertEquals(new Payload(BenchMethod.GET_STRING, 0), Payload.parse("getString").orElseThrow());
    }

    @Test
    void everyPayloadParsesBackFromItsSpec() {
        for (BenchMethod m : BenchMethod.values()) {
            Payload p = new Payload(m, m.takesCount() ? 7 : 0);
            assertEquals(p, Payload.parse(p.spec()).orElseThrow(), p.spec());
        }
    }

    @Test
    void namesTheMethodsOfTheServiceInterface() {
        assertEquals("sendInts", Payload.parse("ints:1").orElseThrow().method().javaName());
        assertEquals("sendChars", Payload.parse("chars:1").orElseThrow().method().javaName());
        assertEquals("ping", Payload.parse("none").orElseThrow().method().javaName());
        assertEquals("getBoolean", Payload.parse("getBoolean").orElseThrow().method().javaName());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "intz:5    | payload 'intz:5': unknown kind 'intz' (expected: ints:N, chars:N, objects:N, none, or a getter name)",
            "getint    | payload 'getint': unknown kind 'getint' (expected: ints:N, chars:N, objects:N, none, or a getter name)",
            "ints      | payload 'ints': missing count (expected: ints:N)",
            "chars:    | payload 'chars:': count '' (expected: an integer 0..10000000)",
            "ints:-1   | payload 'ints:-1': count '-1' (expected: an integer 0..10000000)",
            "ints:1e3  | payload 'ints:1e3': count '1e3' (expected: an integer 0..10000000)",
            "ints:10000001 | payload 'ints:10000001': count 10000001 (expected: an integer 0..10000000)",
            "ints:99999999999 | payload 'ints:99999999999': count '99999999999' (expected: an integer 0..10000000)",
            "none:3    | payload 'none:3': 'none' takes no count (expected: none)",
            "getInt:2  | payload 'getInt:2': 'getInt' takes no count (expected: getInt)",
    })
    void rejectsBadSyntaxWithWhatActualAndExpected(String spec, String message) {
        assertEquals(message, Payload.parse(spec).error().orElseThrow());
    }

    @Test
    void rejectsAnEmptyPayload() {
        assertEquals("payload '': unknown kind '' (expected: ints:N, chars:N, objects:N, none, or a getter name)",
                Payload.parse("").error().orElseThrow());
    }

    @Test
    void constructorRejectsACountForAGetterAndANegativeCount() {
        assertThrows(IllegalArgumentException.class, () -> new Payload(BenchMethod.GET_INT, 3));
        assertThrows(IllegalArgumentException.class, () -> Payload.ints(-1));
        assertThrows(IllegalArgumentException.class, () -> Payload.getter(BenchMethod.PING));
    }

    @Test
    void orElseThrowCarriesTheMessage() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Payload.parse("x:1").orElseThrow());
        assertEquals("payload 'x:1': unknown kind 'x' (expected: ints:N, chars:N, objects:N, none, or a getter name)", e.getMessage());
    }
}
