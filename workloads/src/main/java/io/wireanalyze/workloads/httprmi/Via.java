package io.wireanalyze.workloads.httprmi;

import io.wireanalyze.workloads.EnumLabels;
import io.wireanalyze.workloads.EnumOption;
import io.wireanalyze.workloads.Labelled;
import io.wireanalyze.workloads.Parsed;

/**
 * How the client's POSTs reach the web server: Juric et al. section 2.3 (HTTP-to-CGI/servlet tunnelling) directly,
 * or through an HTTP proxy as in their section 2.2.
 */
public enum Via implements Labelled {
    DIRECT, PROXY;

    public static Parsed<Via> parse(String text) {
        return EnumLabels.parse(Via.class, "route", text);
    }

    /** picocli: the converter of the option and its completion candidates, {@code direct} and {@code proxy}. */
    public static final class Choices extends EnumOption<Via> {
        public Choices() {
            super(Via.class, Via::parse);
        }
    }
}
