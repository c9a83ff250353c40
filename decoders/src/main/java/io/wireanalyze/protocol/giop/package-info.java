/**
 * GIOP 1.0-1.2 over TCP (IIOP), and ZIOP: CORBA 3.0 chapter 15 (GIOP), chapter 13 (IORs), CORBA Naming
 * Service 1.3 and CORBA ZIOP 1.0; Wireshark's packet-giop.c and packet-ziop.c are the reference for field names
 * ({@code giop.type}, {@code giop.request_op} ...), so a report line can be checked with {@code tshark -e}.
 * <p>
 * The files: {@link io.wireanalyze.protocol.giop.GiopProbe} (recognition by content),
 * {@link io.wireanalyze.protocol.giop.GiopHeader} (the 12-byte header and framing checks),
 * {@code CdrReader} (bounded CDR cursor), {@code GiopParser} (request, reply, locate and fragment headers,
 * service contexts, TargetAddress), {@code Ior} and {@code ObjectKey}, {@code GiopBodies} (reply statuses,
 * exceptions, forwards, naming arguments), {@code GiopNaming} with the analysis-wide
 * {@link io.wireanalyze.protocol.giop.NamingRegistry}, and {@link io.wireanalyze.protocol.giop.GiopSession}.
 * <p>
 * Not wired into the pipeline yet (hooks for the accounting side): the {@code NamingRegistry} reaches a session
 * through {@link io.wireanalyze.protocol.SessionContext#naming()}, and is only shared across connections once the
 * analyzer creates one per analysis and hands it to every {@code ConnectionDecoder}; MIOP datagrams
 * ({@link io.wireanalyze.protocol.giop.MiopPacket}) need the frame parser to hand over UDP payloads.
 */
package io.wireanalyze.protocol.giop;
