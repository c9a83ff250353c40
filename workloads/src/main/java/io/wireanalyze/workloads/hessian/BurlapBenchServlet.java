package io.wireanalyze.workloads.hessian;

import io.wireanalyze.workloads.service.Bench;
import io.wireanalyze.workloads.service.BenchImpl;
import com.caucho.burlap.io.BurlapInput;
import com.caucho.burlap.io.BurlapOutput;
import com.caucho.burlap.server.BurlapSkeleton;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;

/**
 * A small Jakarta servlet around hessian 4.0.66's {@link BurlapSkeleton} (its BurlapServlet is a javax.servlet one):
 * each POST body is a {@code <burlap:call>}, the reply is written to a buffer and sent with a Content-Length.
 */
public final class BurlapBenchServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    private final transient BurlapSkeleton skeleton = new BurlapSkeleton(new BenchImpl(), Bench.class);

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType("text/xml");
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        try {
            skeleton.invoke(new BurlapInput(request.getInputStream()), new BurlapOutput(buffer));
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException("burlap call: " + e, e);
        }
        response.setContentLength(buffer.size());
        buffer.writeTo(response.getOutputStream());
    }
}
