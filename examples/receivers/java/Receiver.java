// Verify affiliate-commerce webhooks in Java with the JDK alone (17 or later).
//
//   WEBHOOK_SECRET=whsec_... PORT=8000 java Receiver.java   # receive deliveries
//   WEBHOOK_PUBLIC_KEY=whpk_... PORT=8000 java Receiver.java # verify v1a (ed25519) instead
//   WEBHOOK_PAYLOAD_VERSION=v1 ...                           # a webhook still on v1 payloads
//   java Receiver.java vectors test-vectors.json             # check the published test vectors

import static java.nio.charset.StandardCharsets.UTF_8;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

public final class Receiver {
    /** How far a delivery's timestamp may be from now, either way, in seconds. */
    public static final long TOLERANCE = 300;
    private static final Pattern UNIX_SECONDS = Pattern.compile("0|[1-9][0-9]{0,14}"); // the digits as signed

    /**
     * Why a delivery was refused: MISSING_SIGNATURE, MALFORMED_SIGNATURE, TIMESTAMP_TOO_OLD,
     * TIMESTAMP_IN_FUTURE or NO_MATCHING_SIGNATURE.
     */
    public static final class VerificationError extends Exception {
        VerificationError(String code) {
            super(code, null, false, false);
        }
    }

    /** The bytes of standard base64 that encodes back to the same text (padding included), else null. */
    static byte[] canonicalBase64(String text) {
        try {
            byte[] raw = Base64.getDecoder().decode(text);
            return Base64.getEncoder().encodeToString(raw).equals(text) ? raw : null;
        } catch (IllegalArgumentException notBase64) {
            return null;
        }
    }

    /** A 32-byte HMAC-SHA256 from standard base64, its = padding optional; else null. */
    static byte[] decodeSignature(String value) {
        byte[] raw = canonicalBase64(value + "=".repeat((4 - value.length() % 4) % 4));
        return raw != null && raw.length == 32 ? raw : null;
    }

    static void checkTimestamp(String text, Long now, long tolerance) throws VerificationError {
        if (!UNIX_SECONDS.matcher(text).matches()) throw new VerificationError("MALFORMED_SIGNATURE");
        long t = Long.parseLong(text), at = now != null ? now : System.currentTimeMillis() / 1000;
        if (t < at - tolerance) throw new VerificationError("TIMESTAMP_TOO_OLD");
        if (t > at + tolerance) throw new VerificationError("TIMESTAMP_IN_FUTURE");
    }

    static void match(List<byte[]> keys, String prefix, byte[] body, List<byte[]> signatures)
            throws VerificationError {
        for (byte[] key : keys) {
            try {
                Mac mac = Mac.getInstance("HmacSHA256");
                mac.init(new SecretKeySpec(key, "HmacSHA256"));
                mac.update(prefix.getBytes(UTF_8));
                byte[] expected = mac.doFinal(body);
                for (byte[] signature : signatures) {
                    if (MessageDigest.isEqual(expected, signature)) return;
                }
            } catch (GeneralSecurityException impossible) {
                throw new IllegalStateException(impossible);
            }
        }
        throw new VerificationError("NO_MATCHING_SIGNATURE");
    }

    /**
     * Standard Webhooks: {@code webhook-signature: v1,<base64> [v1,<base64> ...]}, HMAC-SHA256 over
     * {@code <webhook-id>.<webhook-timestamp>.<body>}, keyed by the bytes of the base64 after {@code whsec_}.
     * secrets: the new and the old one during a rotation; headers: names in any case; body: the raw bytes.
     */
    public static void verify(List<String> secrets, Map<String, String> headers, byte[] body, Long now,
            long tolerance) throws VerificationError {
        Map<String, String> named = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        named.putAll(headers);
        String header = named.getOrDefault("webhook-signature", "").strip();
        if (header.isEmpty()) throw new VerificationError("MISSING_SIGNATURE");
        String msgId = named.getOrDefault("webhook-id", "").strip();
        String timestamp = named.getOrDefault("webhook-timestamp", "").strip();
        List<byte[]> signatures = new ArrayList<>();
        for (String entry : header.split("\\s+")) {
            int comma = entry.indexOf(',');
            byte[] signature = decodeSignature(entry.substring(comma + 1));
            if (comma < 1 || entry.startsWith("v1,") && signature == null) {
                throw new VerificationError("MALFORMED_SIGNATURE");
            }
            if (entry.startsWith("v1,")) signatures.add(signature);
        }
        if (msgId.isEmpty() || signatures.isEmpty()) throw new VerificationError("MALFORMED_SIGNATURE");
        checkTimestamp(timestamp, now, tolerance);
        List<byte[]> keys = new ArrayList<>();
        for (String secret : secrets) {
            byte[] key = canonicalBase64(secret.strip().replaceFirst("^whsec_", ""));
            if (key != null && key.length >= 16) keys.add(key); // other secrets have no standard key
        }
        match(keys, msgId + "." + timestamp + ".", body, signatures);
    }

    /**
     * affiliate-commerce's X-Webhook-Signature: version 2 {@code t=<unix>,sha256=<base64>[,sha256=...]} over
     * {@code <t>.<body>}, version 1 {@code sha256=<base64>[,...]} over the body, keyed by the UTF-8 bytes of
     * the whole secret. Returns the signed t (null for version 1).
     */
    public static String verifySignatureHeader(List<String> secrets, String header, byte[] body, Long now,
            long tolerance, int version) throws VerificationError {
        if (header == null || header.isBlank()) throw new VerificationError("MISSING_SIGNATURE");
        Set<String> stamps = new HashSet<>();
        List<byte[]> signatures = new ArrayList<>();
        for (String entry : header.split(",")) {
            if (entry.isBlank()) continue;
            String[] parts = entry.split("=", 2);
            String name = parts[0].strip(), value = parts.length == 2 ? parts[1].strip() : null;
            byte[] signature = value == null ? null : decodeSignature(value);
            if (value == null || name.equals("sha256") && signature == null) {
                throw new VerificationError("MALFORMED_SIGNATURE");
            }
            if (name.equals("t")) stamps.add(value);
            if (name.equals("sha256")) signatures.add(signature);
        }
        // Version 2 has one timestamp (repeated at most), version 1 none.
        if (signatures.isEmpty() || stamps.size() != (version == 2 ? 1 : 0)) {
            throw new VerificationError("MALFORMED_SIGNATURE");
        }
        String timestamp = null;
        for (String t : stamps) {
            checkTimestamp(t, now, tolerance);
            timestamp = t;
        }
        List<byte[]> keys = secrets.stream().map(secret -> secret.strip().getBytes(UTF_8)).toList();
        match(keys, timestamp == null ? "" : timestamp + ".", body, signatures);
        return timestamp;
    }

    /**
     * X-Webhook-Signature (version 2) from the request's headers, and the Standard Webhooks headers beside it
     * must say what it signed: webhook-timestamp its t, webhook-id the event_id of the body (the only place that
     * signature covers the id), so a replay with either changed is refused whatever secrets you hold.
     */
    public static void verifyBound(List<String> secrets, Map<String, String> headers, byte[] body, Long now,
            long tolerance) throws VerificationError {
        Map<String, String> named = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        named.putAll(headers);
        String header = named.get("x-webhook-signature");
        String timestamp = verifySignatureHeader(secrets, header, body, now, tolerance, 2);
        String stamp = named.getOrDefault("webhook-timestamp", "").strip();
        String msgId = named.getOrDefault("webhook-id", "").strip();
        if (!stamp.isEmpty() && !stamp.equals(timestamp)) throw new VerificationError("NO_MATCHING_SIGNATURE");
        if (!msgId.isEmpty() && !msgId.equals(eventId(body))) throw new VerificationError("NO_MATCHING_SIGNATURE");
    }

    /** The event_id of a JSON body, with the small parser below; null when there is none. */
    static Object eventId(byte[] body) {
        try {
            return new Json(new String(body, UTF_8)).value() instanceof Map<?, ?> event ? event.get("event_id") : null;
        } catch (RuntimeException notJson) {
            return null;
        }
    }

    /**
     * What a receiver calls. version is your webhook's payload version, from your configuration, never from
     * the request (its X-Webhook-Version is not signed): 2, or 1 for a webhook still on legacy v1 payloads,
     * whose signature has no timestamp and so replays forever. Version 2 checks X-Webhook-Signature when the
     * delivery has it (verifyBound), else the Standard Webhooks headers. Returns the scheme that passed.
     */
    static String verifyDelivery(List<String> secrets, Map<String, String> headers, byte[] body, int version,
            Long now, long tolerance) throws VerificationError {
        Map<String, String> named = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        named.putAll(headers);
        String header = named.getOrDefault("x-webhook-signature", "");
        if (version == 1) {
            verifySignatureHeader(secrets, header, body, now, tolerance, 1);
            return "x-webhook-signature";
        }
        if (!header.isBlank()) {
            verifyBound(secrets, named, body, now, tolerance);
            return "x-webhook-signature";
        }
        verify(secrets, named, body, now, tolerance);
        return "standard-webhooks";
    }

    /** The DER prefix of an ed25519 public key (SubjectPublicKeyInfo, RFC 8410), before its 32 bytes. */
    private static final byte[] ED25519_SPKI = java.util.HexFormat.of().parseHex("302a300506032b6570032100");

    /**
     * Standard Webhooks v1a (ed25519, in the JDK since 15): {@code webhook-signature: v1a,<base64> [...]} over
     * {@code <webhook-id>.<webhook-timestamp>.<body>}, with the webhook's public key ({@code whpk_...}, as its
     * record shows it), or the new and the old one during a key rotation. A public key cannot sign, so holding
     * it lets nobody forge a delivery.
     */
    public static void verifyV1a(List<String> publicKeys, Map<String, String> headers, byte[] body, Long now,
            long tolerance) throws VerificationError {
        Map<String, String> named = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        named.putAll(headers);
        String header = named.getOrDefault("webhook-signature", "").strip();
        if (header.isEmpty()) throw new VerificationError("MISSING_SIGNATURE");
        String msgId = named.getOrDefault("webhook-id", "").strip();
        String timestamp = named.getOrDefault("webhook-timestamp", "").strip();
        List<byte[]> signatures = new ArrayList<>();
        for (String entry : header.split("\\s+")) {
            if (!entry.startsWith("v1a,")) continue;
            byte[] signature = canonicalBase64(entry.substring(4));
            if (signature == null || signature.length != 64) throw new VerificationError("MALFORMED_SIGNATURE");
            signatures.add(signature);
        }
        if (msgId.isEmpty() || signatures.isEmpty()) throw new VerificationError("MALFORMED_SIGNATURE");
        checkTimestamp(timestamp, now, tolerance);
        byte[] prefix = (msgId + "." + timestamp + ".").getBytes(UTF_8);
        for (String publicKey : publicKeys) {
            byte[] raw = canonicalBase64(publicKey.strip().replaceFirst("^whpk_", ""));
            if (raw == null || raw.length != 32) continue;
            byte[] der = Arrays.copyOf(ED25519_SPKI, ED25519_SPKI.length + 32);
            System.arraycopy(raw, 0, der, ED25519_SPKI.length, 32);
            for (byte[] signature : signatures) {
                try {
                    Signature verifier = Signature.getInstance("Ed25519");
                    verifier.initVerify(KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(der)));
                    verifier.update(prefix);
                    verifier.update(body);
                    if (verifier.verify(signature)) return;
                } catch (GeneralSecurityException invalid) {
                    // a key or signature the JDK refuses matches nothing
                }
            }
        }
        throw new VerificationError("NO_MATCHING_SIGNATURE");
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 2 && args[0].equals("vectors")) System.exit(runVectors(Path.of(args[1])));
        // During a rotation, WEBHOOK_SECRET_PREVIOUS holds the old secret: both are accepted.
        List<String> secrets = Stream.of(System.getenv("WEBHOOK_SECRET"), System.getenv("WEBHOOK_SECRET_PREVIOUS"))
                .filter(secret -> secret != null && !secret.isBlank())
                .toList();
        // WEBHOOK_PUBLIC_KEY (whpk_...): verify v1a with the webhook's public key; during a key rotation
        // WEBHOOK_PUBLIC_KEY_PREVIOUS holds the old one. Else the secret's HMAC signatures.
        List<String> publicKeys = Stream.of(System.getenv("WEBHOOK_PUBLIC_KEY"), System.getenv("WEBHOOK_PUBLIC_KEY_PREVIOUS"))
                .filter(key -> key != null && !key.isBlank())
                .toList();
        int port = Integer.parseInt(System.getenv().getOrDefault("PORT", "8000"));
        // The webhook's payload version is yours to state, never the request's: v2 unless set to v1.
        int version = switch (System.getenv().getOrDefault("WEBHOOK_PAYLOAD_VERSION", "v2")) {
            case "v1" -> 1;
            case "v2" -> 2;
            default -> throw new IllegalArgumentException("WEBHOOK_PAYLOAD_VERSION must be v1 or v2");
        };
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        server.createContext("/", exchange -> {
            // The raw bytes: the signature is over them, not over JSON parsed and serialized again.
            byte[] body = exchange.getRequestBody().readAllBytes();
            Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            exchange.getRequestHeaders().forEach((name, values) -> headers.put(name, values.get(0)));
            int status = 204;
            try {
                String scheme = "v1a";
                if (publicKeys.isEmpty()) scheme = verifyDelivery(secrets, headers, body, version, null, TOLERANCE);
                else verifyV1a(publicKeys, headers, body, null, TOLERANCE);
                // Parse the verified body with your JSON library from here on.
                System.out.println("verified " + eventId(body) + " (" + scheme + ")");
            } catch (VerificationError error) {
                System.out.println("refused: " + error.getMessage());
                status = 400;
            }
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        server.start();
        System.out.println("receiving webhooks on http://127.0.0.1:" + server.getAddress().getPort() + "/");
    }

    /** Runs every verification case of test-vectors.json; the signing cases must verify too. */
    @SuppressWarnings("unchecked")
    static int runVectors(Path path) throws Exception {
        var vectors = (Map<String, Object>) new Json(Files.readString(path)).value();
        var standard = (Map<String, Object>) vectors.get("standard_webhooks");
        record Case(Map<String, Object> vector, String scheme) {}
        var cases = new ArrayList<Case>();
        for (var c : objects(vectors.get("verification"))) cases.add(new Case(c, null));
        for (var c : objects(standard.get("verification"))) cases.add(new Case(c, (String) c.get("scheme")));
        for (var c : objects(vectors.get("signing"))) cases.add(new Case(valid(c), null));
        for (String scheme : Arrays.asList(null, "standard-webhooks")) {
            for (var c : objects(standard.get("signing"))) cases.add(new Case(valid(c), scheme));
        }
        var v1a = (Map<String, Object>) vectors.get("v1a");
        var publicKeys = new LinkedHashMap<Object, Object>();
        for (var key : ((Map<String, Map<String, Object>>) v1a.get("keys")).values()) {
            publicKeys.put(key.get("kid"), key.get("public_key"));
        }
        for (var c : objects(v1a.get("verification"))) cases.add(new Case(c, "v1a"));
        for (var c : objects(v1a.get("signing"))) {
            var signed = valid(c);
            signed.put("public_keys", ((List<Object>) c.get("keys")).stream().map(publicKeys::get).toList());
            cases.add(new Case(signed, "v1a"));
        }
        int failed = 0;
        for (Case each : cases) {
            var c = each.vector();
            var headers = new TreeMap<String, String>(String.CASE_INSENSITIVE_ORDER);
            if (c.get("header") != null) headers.put("x-webhook-signature", (String) c.get("header"));
            if (c.get("headers") != null) headers.putAll((Map<String, String>) c.get("headers"));
            String scheme = each.scheme() == null ? "delivery" : each.scheme();
            var secrets = (List<String>) c.get("secrets");
            byte[] body = ((String) c.get("body")).getBytes(UTF_8);
            Long now = (Long) c.get("now");
            long tolerance = (Long) c.getOrDefault("tolerance_seconds", TOLERANCE);
            int version = ((Long) c.getOrDefault("version", 2L)).intValue();
            String outcome = "valid";
            try {
                switch (scheme) {
                    case "v1a" -> verifyV1a((List<String>) c.get("public_keys"), headers, body, now, tolerance);
                    case "standard-webhooks" -> verify(secrets, headers, body, now, tolerance);
                    case "affiliate-commerce" -> verifyBound(secrets, headers, body, now, tolerance);
                    // As the server does, with the case's version as the configured one.
                    default -> verifyDelivery(secrets, headers, body, version, now, tolerance);
                }
            } catch (VerificationError error) {
                outcome = error.getMessage();
            }
            if (!outcome.equals(c.get("expect"))) {
                failed++;
                System.out.printf("FAIL %s (%s): expected %s, got %s%n", c.get("name"), scheme, c.get("expect"),
                        outcome);
            }
        }
        System.out.println((cases.size() - failed) + " passed, " + failed + " failed");
        return failed == 0 ? 0 : 1;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> objects(Object list) {
        return (List<Map<String, Object>>) list;
    }

    private static Map<String, Object> valid(Map<String, Object> signing) {
        var c = new LinkedHashMap<String, Object>(signing);
        c.put("expect", "valid");
        c.put("now", signing.get("timestamp"));
        return c;
    }

    /**
     * Just enough JSON for test-vectors.json and the event_id of a body (the JDK has no parser): objects,
     * arrays, strings, numbers (fractions as text), true, false, null.
     */
    private static final class Json {
        private final String text;
        private int at;

        Json(String text) {
            this.text = text;
        }

        Object value() {
            while (Character.isWhitespace(text.charAt(at))) at++;
            char c = text.charAt(at++);
            if (c == '{' || c == '[') {
                var map = new LinkedHashMap<String, Object>();
                var list = new ArrayList<Object>();
                char end = c == '{' ? '}' : ']';
                while (true) {
                    while (Character.isWhitespace(text.charAt(at)) || text.charAt(at) == ',') at++;
                    if (text.charAt(at) == end) {
                        at++;
                        return c == '{' ? map : list;
                    }
                    if (c == '[') {
                        list.add(value());
                        continue;
                    }
                    String key = (String) value();
                    while (text.charAt(at) != ':') at++;
                    at++;
                    map.put(key, value());
                }
            }
            if (c == '"') {
                var out = new StringBuilder();
                for (char d = text.charAt(at++); d != '"'; d = text.charAt(at++)) {
                    if (d == '\\') {
                        d = text.charAt(at++);
                        d = switch (d) {
                            case 'b' -> '\b';
                            case 'f' -> '\f';
                            case 'n' -> '\n';
                            case 'r' -> '\r';
                            case 't' -> '\t';
                            case 'u' -> (char) Integer.parseInt(text.substring(at, at += 4), 16);
                            default -> d; // \" \\ \/
                        };
                    }
                    out.append(d);
                }
                return out.toString();
            }
            int start = at - 1;
            while (at < text.length() && "truefalsn-+.Ee0123456789".indexOf(text.charAt(at)) >= 0) at++;
            String word = text.substring(start, at);
            return switch (word) {
                case "true" -> true;
                case "false" -> false;
                case "null" -> null;
                default -> word.matches("-?[0-9]{1,18}") ? (Object) Long.parseLong(word) : word;
            };
        }
    }
}
