package io.wireanalyze.workloads.soap;

import org.apache.cxf.ws.security.wss4j.WSS4JInInterceptor;
import org.apache.cxf.ws.security.wss4j.WSS4JOutInterceptor;
import org.apache.wss4j.common.ConfigurationConstants;
import org.apache.wss4j.common.ext.WSPasswordCallback;

import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * WSS4J's interceptors for one side of soap-wssec ({@link WsSecurity#SIGN_ENCRYPT}): outgoing messages get a
 * Timestamp, a signature over the Timestamp and the Body with this side's key, and the Body's content encrypted for
 * the other side (the client encrypts for the server's certificate, the server for the certificate that signed the
 * request); incoming messages must carry the same, verified and decrypted. Runs only in the SOAP JVMs.
 */
final class WsSecurityConfig {

    private static final String ACTIONS = ConfigurationConstants.TIMESTAMP + " " + ConfigurationConstants.SIGNATURE + " "
            + ConfigurationConstants.ENCRYPTION;
    private static final String WSU = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd";
    private static final String CRYPTO = "wireanalyzeCrypto";
    private static final String RSA_SHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";
    private static final String SHA256 = "http://www.w3.org/2001/04/xmlenc#sha256";

    private final SoapKeys.Stored keys;
    private final SoapKeys.Side side;
    private final SoapBinding binding;

    WsSecurityConfig(SoapKeys.Stored keys, SoapKeys.Side side, SoapBinding binding) {
        this.keys = keys;
        this.side = side;
        this.binding = binding;
    }

    WSS4JOutInterceptor out() {
        Map<String, Object> p = common();
        p.put(ConfigurationConstants.USER, side.alias());
        p.put(ConfigurationConstants.SIGNATURE_USER, side.alias());
        p.put(ConfigurationConstants.ENCRYPTION_USER, side == SoapKeys.Side.CLIENT ? SoapKeys.Side.SERVER.alias() : "useReqSigCert");
        p.put(ConfigurationConstants.SIG_PROP_REF_ID, CRYPTO);
        p.put(ConfigurationConstants.ENC_PROP_REF_ID, CRYPTO);
        p.put(ConfigurationConstants.SIG_ALGO, RSA_SHA256);
        p.put(ConfigurationConstants.SIG_DIGEST_ALGO, SHA256);
        String soap = binding == SoapBinding.SOAP_11 ? "http://schemas.xmlsoap.org/soap/envelope/" : "http://www.w3.org/2003/05/soap-envelope";
        p.put(ConfigurationConstants.SIGNATURE_PARTS, "{}{" + WSU + "}Timestamp;{}{" + soap + "}Body");
        return new WSS4JOutInterceptor(p);
    }

    WSS4JInInterceptor in() {
        Map<String, Object> p = common();
        p.put(ConfigurationConstants.SIG_VER_PROP_REF_ID, CRYPTO);
        p.put(ConfigurationConstants.DEC_PROP_REF_ID, CRYPTO);
        return new WSS4JInInterceptor(p);
    }

    private Map<String, Object> common() {
        Map<String, Object> p = new HashMap<>();
        p.put(ConfigurationConstants.ACTION, ACTIONS);
        p.put(ConfigurationConstants.PW_CALLBACK_REF, (CallbackHandler) this::password);
        p.put(CRYPTO, merlin());
        return p;
    }

    /** WSS4J's Merlin crypto over this side's PKCS#12 store: its own key, and the other side's certificate trusted. */
    private Properties merlin() {
        Properties m = new Properties();
        m.put("org.apache.wss4j.crypto.provider", "org.apache.wss4j.common.crypto.Merlin");
        m.put("org.apache.wss4j.crypto.merlin.keystore.type", "PKCS12");
        m.put("org.apache.wss4j.crypto.merlin.keystore.password", keys.password());
        m.put("org.apache.wss4j.crypto.merlin.keystore.file", keys.store(side).toString());
        return m;
    }

    private void password(Callback[] callbacks) {
        for (Callback c : callbacks) if (c instanceof WSPasswordCallback pc) pc.setPassword(keys.password());
    }
}
