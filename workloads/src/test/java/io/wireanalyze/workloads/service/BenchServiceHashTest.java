package io.wireanalyze.workloads.service;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.reflect.Method;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The analyzer names JRMP calls by method hash, so the interface must not drift. The expected values were
 * produced by the JDK's own {@code sun.rmi.server.Util.computeMethodHash} (JDK 17.0.15); this test
 * recomputes them per the RMI specification, section 8.3.
 */
class BenchServiceHashTest {

    static final Map<String, Long> EXPECTED = Map.ofEntries(
            Map.entry("sendInts([I)I", -444219992988303964L),
            Map.entry("sendChars(Ljava/lang/String;)I", -3537185583610614852L),
            Map.entry("ping()V", 5866401369815527589L),
            Map.entry("getInt()I", 8565631889465877029L),
            Map.entry("getShort()S", -1184511986837690589L),
            Map.entry("getLong()J", 861713588329982957L),
            Map.entry("getObjects(I)Ljava/util/List;", 2338925958987865435L),
            Map.entry("getFloat()F", -1001128697481894505L),
            Map.entry("getDouble()D", 1578421879104859276L),
            Map.entry("getBoolean()Z", 8817610076623391091L),
            Map.entry("getByte()B", 4215860505245878844L),
            Map.entry("getString()Ljava/lang/String;", 3588264124367649661L),
            Map.entry("wireanalyzeMark(Ljava/lang/String;)V", 4405150878839905038L));

    @Test
    void methodHashesAreTheOnesTheAnalyzerKnows() throws Exception {
        Map<String, Long> actual = new TreeMap<>();
        for (Method m : BenchService.class.getMethods()) actual.put(signature(m), hash(signature(m)));
        assertEquals(new TreeMap<>(EXPECTED), actual);
    }

    @Test
    void everyMethodThrowsRemoteException() {
        for (Method m : BenchService.class.getMethods())
            assertEquals("[class java.rmi.RemoteException]", Arrays.toString(m.getExceptionTypes()), m.getName());
    }

    private static String signature(Method m) {
        return m.getName() + Arrays.stream(m.getParameterTypes()).map(Class::descriptorString)
                .collect(Collectors.joining("", "(", ")")) + m.getReturnType().descriptorString();
    }

    /** RMI spec 8.3: SHA-1 of the signature written with DataOutput.writeUTF; first 8 bytes little-endian. */
    private static long hash(String signature) throws IOException, NoSuchAlgorithmException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new DataOutputStream(bytes).writeUTF(signature);
        byte[] sha = MessageDigest.getInstance("SHA-1").digest(bytes.toByteArray());
        long h = 0;
        for (int i = 0; i < 8; i++) h += (long) (sha[i] & 0xFF) << (i * 8);
        return h;
    }
}
