package io.wireanalyze.workloads.hessian;

import io.wireanalyze.workloads.service.Bench;
import io.wireanalyze.workloads.service.BenchImpl;
import com.caucho.hessian.server.HessianSkeleton;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * A small Jakarta servlet around {@link HessianSkeleton} (hessian 4.0.66's own HessianServlet is a javax.servlet one):
 * each POST body is a call, the skeleton reads it (Hessian 1.0 or 2.0, as the call says) and writes the reply, either
 * straight into the response ({@link HessianReply#STREAM}: chunked) or into a buffer sent with a Content-Length
 * ({@link HessianReply#LENGTH}).
 */
public final class HessianBenchServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    private static final String CONTENT_TYPE = "x-application/hessian";

    private final transient HessianSkeleton skeleton = new HessianSkeleton(new BenchImpl(), Bench.class);
    private final HessianReply reply;

    public HessianBenchServlet(HessianReply reply) {
        this.reply = reply;
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType(CONTENT_TYPE);
        try {
            if (reply == HessianReply.STREAM) {
                OutputStream out = response.getOutputStream();
                skeleton.invoke(request.getInputStream(), out);
                out.flush();
                return;
            }
            ByteArrayOutputStream buffer = new ByteArrayOutputStream();
            skeleton.invoke(request.getInputStream(), buffer);
            response.setContentLength(buffer.size());
            buffer.writeTo(response.getOutputStream());
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException("hessian call: " + e, e);
        }
    }
}
