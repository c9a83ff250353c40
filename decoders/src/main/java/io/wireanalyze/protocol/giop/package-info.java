/**
 * GIOP 1.0-1.2 over TCP (IIOP), and ZIOP: CORBA 3.0 chapter 15 (GIOP), chapter 13 (IORs), CORBA Naming
 * Service 1.3 and CORBA ZIOP 1.0; Wireshark's packet-giop.c and packet-ziop.c are the reference for field names
 * ({@code giop.type}, {@code giop.request_op} ...), so a report line can be checked with {@code tshark -e}.
 * <p>
 * The files: {@link io.wireanalyze.protocol.giop.GiopProbe} (recognition by content),
 * {@link io.wireanalyze.protocol.giop.GiopHeader} (the 12-byte header and framing checks),
 * {@code CdrReader} (bounded CDR cursor), {@code GiopParser} (request, reply, locate and fragment headers,
 * service contexts, TargetAddress), {@code Ior} and {@code ObjectKey}, {@code GiopBodies} (reply statuses,
 * exceptions, forwards, naming arguments), {@code GiopNaming} (which traffic is naming; the naming contexts handed
 * out are facts of the capture, {@link io.wireanalyze.protocol.Facts}), and
 * {@link io.wireanalyze.protocol.giop.GiopSession}. MIOP datagrams ({@link io.wireanalyze.protocol.giop.MiopPacket})
 * are named in the capture's summary, not analysed further.
 */
package io.wireanalyze.protocol.giop;
