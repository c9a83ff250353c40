package io.wireanalyze.workloads.service;

import io.wireanalyze.workloads.BenchValues;
import io.wireanalyze.workloads.Payload;
import io.wireanalyze.workloads.PlanRun;

import java.rmi.RemoteException;

/** The calls of a payload on the Java {@link BenchService}, over JRMP or over IIOP (RMI-IIOP). */
public final class BenchCalls {

    private BenchCalls() {
    }

    /** One call of the payload, its argument built once here so that building it is not timed. */
    public static PlanRun.Call<RemoteException> prepare(BenchService s, Payload payload) {
        return switch (payload.method()) {
            case SEND_INTS -> {
                int[] data = BenchValues.ints(payload.count());
                yield () -> s.sendInts(data);
            }
            case SEND_CHARS -> {
                String data = BenchValues.chars(payload.count());
                yield () -> s.sendChars(data);
            }
            case GET_OBJECTS -> {
                int count = payload.count();
                yield () -> s.getObjects(count).size();   // the records' count is logged, not the records
            }
            case PING -> () -> {
                s.ping();
                return null;
            };
            case GET_INT -> s::getInt;
            case GET_SHORT -> s::getShort;
            case GET_LONG -> s::getLong;
            case GET_FLOAT -> s::getFloat;
            case GET_DOUBLE -> s::getDouble;
            case GET_BOOLEAN -> s::getBoolean;
            case GET_BYTE -> s::getByte;
            case GET_STRING -> s::getString;
        };
    }

    /** The marker call between warm-up and measured calls. */
    public static PlanRun.Call<RemoteException> marker(BenchService s) {
        return () -> {
            s.wireanalyzeMark(BenchValues.MEASURE_LABEL);
            return null;
        };
    }
}
