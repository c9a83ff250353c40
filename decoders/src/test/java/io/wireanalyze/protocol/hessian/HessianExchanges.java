package io.wireanalyze.protocol.hessian;

import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.protocol.ConnectionDecoder;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.testing.TestCaptures;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Hand-made Hessian over HTTP, byte for byte as hessian 4.0.66 writes it, and a connection decoder to feed it to. */
final class HessianExchanges {

    private HessianExchanges() {
    }

    /** Bytes from ints (0..255) and strings (ASCII), in order. */
    static byte[] bytes(Object... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Object p : parts) {
            if (p instanceof Integer i) out.write(i);
            else if (p instanceof Character ch) out.write(ch);
            else out.writeBytes(((String) p).getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    static byte[] post(byte[] body) {
        byte[] head = ("POST /hessian/bench HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: x-application/hessian\r\nContent-Length: "
                + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        return concat(head, body);
    }

    static byte[] ok(byte[] body) {
        byte[] head = ("HTTP/1.1 200 OK\r\nContent-Type: x-application/hessian\r\nContent-Length: " + body.length + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
        return concat(head, body);
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) out.writeBytes(p);
        return out.toByteArray();
    }

    /** The messages of one connection: the client's bytes, then the server's. */
    static List<Message> decode(DecoderLimits limits, byte[] c2s, byte[] s2c) {
        ConnectionDecoder d = TestCaptures.connectionDecoder(limits, true);
        List<Message> out = new ArrayList<>();
        d.data(true, 0, ByteBuffer.wrap(c2s), out::add);
        d.data(false, 0, ByteBuffer.wrap(s2c), out::add);
        d.end(true, out::add);
        d.end(false, out::add);
        d.finish(out::add);
        return out;
    }

    static List<Message> decode(byte[] c2s, byte[] s2c) {
        return decode(DecoderLimits.DEFAULT, c2s, s2c);
    }
}
