package io.wireanalyze.protocol;

import java.util.HashMap;
import java.util.Map;

/**
 * What one connection's decoding tells the other connections of its capture, and asks of them. A connection is
 * decoded alone, in any order, on any thread; the analysis joins what connections learned when the capture is read
 * ("settles" it): a fact counts for what comes after it in the capture, on any connection. Protocol code tells and asks
 * here and knows nothing of threads, order or rounds.
 * <ul>
 * <li>A fact changes a label only (a registry's stub names the remote interface of calls on other connections): the
 * message says so with {@link Details#wants()}, and the analysis fills the label in when it settles.</li>
 * <li>A fact changes how bytes decode (a naming context handed out makes requests to it naming traffic):
 * {@link #known} answers from what this connection learned and what the analysis already settled; when another
 * connection's earlier fact would have changed an answer, the analysis decodes again with the facts it has.</li>
 * </ul>
 */
public interface Facts {

    /** Tells the capture that {@code key} of {@code kind} is {@code value} from here on (a later fact replaces it). */
    void learned(String kind, String key, String value);

    /**
     * The value of {@code key} of {@code kind} at this point of the capture, learned on this connection or settled from
     * another one; null when none is known.
     */
    String known(String kind, String key);

    /** Facts of one connection alone, for a session decoded without an analysis (tests, fuzzing): no one else's. */
    static Facts local() {
        return new Facts() {
            private final Map<String, String> values = new HashMap<>();

            @Override
            public void learned(String kind, String key, String value) {
                if (values.size() < 10_000 || values.containsKey(kind + '\0' + key)) values.put(kind + '\0' + key, value);
            }

            @Override
            public String known(String kind, String key) {
                return values.get(kind + '\0' + key);
            }
        };
    }
}
