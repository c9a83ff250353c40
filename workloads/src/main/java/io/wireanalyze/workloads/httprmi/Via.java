package io.wireanalyze.workloads.httprmi;

import io.wireanalyze.workloads.Choice;
import io.wireanalyze.workloads.Labelled;

/**
 * How the client's POSTs reach the web server: Juric et al. section 2.3 (HTTP-to-CGI/servlet tunnelling) directly,
 * or through an HTTP proxy as in their section 2.2.
 */
@Choice("route")
public enum Via implements Labelled {
    DIRECT, PROXY;
}
