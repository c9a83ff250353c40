package io.wireanalyze.workloads.xmlrpc;

import io.wireanalyze.workloads.BenchValues;
import io.wireanalyze.workloads.Payload;
import io.wireanalyze.workloads.PlanRun;
import org.apache.xmlrpc.XmlRpcException;
import org.apache.xmlrpc.client.XmlRpcClient;

/** The calls of a payload through an Apache XML-RPC client: {@code Bench.<method>} with its parameters. */
final class XmlRpcCalls {

    private XmlRpcCalls() {
    }

    static PlanRun.Call<XmlRpcException> prepare(XmlRpcClient client, Payload payload) {
        String method = XmlRpcServerMain.HANDLER + "." + payload.method().javaName();
        Object[] params = switch (payload.method()) {
            case SEND_INTS -> {
                int[] ints = BenchValues.ints(payload.count());
                Object[] boxed = new Object[ints.length];
                for (int i = 0; i < ints.length; i++) boxed[i] = ints[i];
                yield new Object[] {boxed};
            }
            case SEND_CHARS -> new Object[] {BenchValues.chars(payload.count())};
            case GET_OBJECTS -> new Object[] {payload.count()};
            default -> new Object[0];
        };
        if (payload.method() == io.wireanalyze.workloads.BenchMethod.GET_OBJECTS)
            return () -> ((Object[]) client.execute(method, params)).length;   // the records' count is logged
        return () -> client.execute(method, params);
    }

    static PlanRun.Call<XmlRpcException> marker(XmlRpcClient client) {
        return () -> client.execute(XmlRpcServerMain.HANDLER + "." + BenchValues.MARK_METHOD, new Object[] {BenchValues.MEASURE_LABEL});
    }
}
