// Command receiver verifies affiliate-commerce webhooks with Go's standard library alone.
//
//	WEBHOOK_SECRET=whsec_... PORT=8000 go run .   # receive deliveries
//	WEBHOOK_PUBLIC_KEY=whpk_... PORT=8000 go run . # verify v1a (ed25519) instead
//	WEBHOOK_PAYLOAD_VERSION=v1 ...                 # a webhook still on v1 payloads
//	go run . vectors test-vectors.json             # check the published test vectors
package main

import (
	"crypto/ed25519"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Tolerance is how far a delivery's timestamp may be from now, either way.
const Tolerance = 5 * time.Minute

// unixSeconds is a timestamp's digits exactly as signed: no sign, no leading zero.
var unixSeconds = regexp.MustCompile(`^(0|[1-9][0-9]{0,14})$`)

// VerificationError says why a delivery was refused: MISSING_SIGNATURE, MALFORMED_SIGNATURE,
// TIMESTAMP_TOO_OLD, TIMESTAMP_IN_FUTURE or NO_MATCHING_SIGNATURE.
type VerificationError struct{ Code string }

func (e *VerificationError) Error() string { return e.Code }

func fail(code string) error { return &VerificationError{code} }

// canonicalBase64 decodes standard base64 that encodes back to the same text, padding included.
func canonicalBase64(text string) []byte {
	raw, err := base64.StdEncoding.Strict().DecodeString(text)
	if err != nil || base64.StdEncoding.EncodeToString(raw) != text {
		return nil
	}
	return raw
}

// decodeSignature decodes a 32-byte HMAC-SHA256 from standard base64, its = padding optional.
func decodeSignature(value string) []byte {
	if rest := len(value) % 4; rest != 0 {
		value += strings.Repeat("=", 4-rest)
	}
	if raw := canonicalBase64(value); len(raw) == 32 {
		return raw
	}
	return nil
}

func checkTimestamp(text string, now time.Time, tolerance time.Duration) error {
	if !unixSeconds.MatchString(text) {
		return fail("MALFORMED_SIGNATURE")
	}
	t, _ := strconv.ParseInt(text, 10, 64)
	switch seconds := int64(tolerance / time.Second); {
	case t < now.Unix()-seconds:
		return fail("TIMESTAMP_TOO_OLD")
	case t > now.Unix()+seconds:
		return fail("TIMESTAMP_IN_FUTURE")
	}
	return nil
}

func match(keys [][]byte, signed []byte, signatures [][]byte) error {
	for _, key := range keys {
		mac := hmac.New(sha256.New, key)
		mac.Write(signed)
		expected := mac.Sum(nil)
		for _, signature := range signatures {
			if hmac.Equal(expected, signature) {
				return nil
			}
		}
	}
	return fail("NO_MATCHING_SIGNATURE")
}

// verify checks Standard Webhooks headers: webhook-signature "v1,<base64> [v1,<base64> ...]",
// HMAC-SHA256 over "<webhook-id>.<webhook-timestamp>.<body>", keyed by the bytes of the base64
// after whsec_. secrets holds the new and the old secret during a rotation; body is the raw bytes.
func verify(
	secrets []string, headers http.Header, body []byte, now time.Time, tolerance time.Duration,
) error {
	entries := strings.Fields(headers.Get("Webhook-Signature"))
	if len(entries) == 0 {
		return fail("MISSING_SIGNATURE")
	}
	msgID := strings.TrimSpace(headers.Get("Webhook-Id"))
	timestamp := strings.TrimSpace(headers.Get("Webhook-Timestamp"))
	var signatures [][]byte
	for _, entry := range entries {
		version, value, ok := strings.Cut(entry, ",")
		signature := decodeSignature(value)
		if !ok || version == "" || version == "v1" && signature == nil {
			return fail("MALFORMED_SIGNATURE")
		}
		if version == "v1" {
			signatures = append(signatures, signature)
		}
	}
	if msgID == "" || len(signatures) == 0 {
		return fail("MALFORMED_SIGNATURE")
	}
	if err := checkTimestamp(timestamp, now, tolerance); err != nil {
		return err
	}
	var keys [][]byte
	for _, secret := range secrets {
		if key := canonicalBase64(strings.TrimPrefix(strings.TrimSpace(secret), "whsec_")); len(key) >= 16 {
			keys = append(keys, key)
		}
	}
	return match(keys, []byte(msgID+"."+timestamp+"."+string(body)), signatures)
}

// verifySignatureHeader checks affiliate-commerce's X-Webhook-Signature: version 2
// "t=<unix>,sha256=<base64>[,sha256=...]" over "<t>.<body>", version 1 "sha256=<base64>[,...]"
// over the body, keyed by the UTF-8 bytes of the whole secret. It returns the signed t ("" for
// version 1).
func verifySignatureHeader(
	secrets []string, header string, body []byte, now time.Time, tolerance time.Duration, version int,
) (string, error) {
	if strings.TrimSpace(header) == "" {
		return "", fail("MISSING_SIGNATURE")
	}
	stamps := map[string]bool{}
	var signatures [][]byte
	for _, entry := range strings.Split(header, ",") {
		name, value, ok := strings.Cut(entry, "=")
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		signature := decodeSignature(value)
		switch {
		case strings.TrimSpace(entry) == "": // empty entries are ignored
		case !ok || name == "sha256" && signature == nil:
			return "", fail("MALFORMED_SIGNATURE")
		case name == "t":
			stamps[value] = true
		case name == "sha256":
			signatures = append(signatures, signature)
		}
	}
	// Version 2 has one timestamp (repeated at most), version 1 none.
	if len(signatures) == 0 || len(stamps) != version-1 {
		return "", fail("MALFORMED_SIGNATURE")
	}
	signed, timestamp := body, ""
	for t := range stamps { // version 2: the one timestamp
		if err := checkTimestamp(t, now, tolerance); err != nil {
			return "", err
		}
		signed, timestamp = append([]byte(t+"."), body...), t
	}
	keys := make([][]byte, len(secrets))
	for i, secret := range secrets {
		keys[i] = []byte(strings.TrimSpace(secret))
	}
	return timestamp, match(keys, signed, signatures)
}

// verifyBound checks X-Webhook-Signature (version 2) from the request's headers, and the Standard
// Webhooks headers beside it must say what it signed: webhook-timestamp its t, webhook-id the
// event_id of the body (the only place that signature covers the id), so a replay with either
// changed is refused whatever secrets you hold.
func verifyBound(
	secrets []string, headers http.Header, body []byte, now time.Time, tolerance time.Duration,
) error {
	header := headers.Get("X-Webhook-Signature")
	timestamp, err := verifySignatureHeader(secrets, header, body, now, tolerance, 2)
	if err != nil {
		return err
	}
	stamp := strings.TrimSpace(headers.Get("Webhook-Timestamp"))
	if stamp != "" && stamp != timestamp {
		return fail("NO_MATCHING_SIGNATURE")
	}
	if msgID := strings.TrimSpace(headers.Get("Webhook-Id")); msgID != "" {
		var event map[string]any
		if json.Unmarshal(body, &event) != nil || event["event_id"] != msgID {
			return fail("NO_MATCHING_SIGNATURE")
		}
	}
	return nil
}

// verifyDelivery is what a receiver calls. version is the webhook's payload version, from your
// configuration, never from the request (its X-Webhook-Version is not signed): 2, or 1 for a
// webhook still on legacy v1 payloads, whose signature has no timestamp and so replays forever.
// Version 2 checks X-Webhook-Signature when the delivery has it (verifyBound), else the Standard
// Webhooks headers. It returns the scheme that passed.
func verifyDelivery(
	secrets []string, headers http.Header, body []byte, version int, now time.Time, tolerance time.Duration,
) (string, error) {
	header := headers.Get("X-Webhook-Signature")
	if version == 1 {
		_, err := verifySignatureHeader(secrets, header, body, now, tolerance, 1)
		return "x-webhook-signature", err
	}
	if strings.TrimSpace(header) != "" {
		return "x-webhook-signature", verifyBound(secrets, headers, body, now, tolerance)
	}
	return "standard-webhooks", verify(secrets, headers, body, now, tolerance)
}

// verifyV1a checks Standard Webhooks v1a (ed25519): webhook-signature "v1a,<base64> [...]" over
// "<webhook-id>.<webhook-timestamp>.<body>", with the webhook's public key ("whpk_...", as its
// record shows it), or the new and the old one during a key rotation. A public key cannot sign,
// so holding it lets nobody forge a delivery.
func verifyV1a(
	publicKeys []string, headers http.Header, body []byte, now time.Time, tolerance time.Duration,
) error {
	entries := strings.Fields(headers.Get("Webhook-Signature"))
	if len(entries) == 0 {
		return fail("MISSING_SIGNATURE")
	}
	msgID := strings.TrimSpace(headers.Get("Webhook-Id"))
	timestamp := strings.TrimSpace(headers.Get("Webhook-Timestamp"))
	var signatures [][]byte
	for _, entry := range entries {
		if version, value, _ := strings.Cut(entry, ","); version == "v1a" {
			signature := canonicalBase64(value)
			if len(signature) != ed25519.SignatureSize {
				return fail("MALFORMED_SIGNATURE")
			}
			signatures = append(signatures, signature)
		}
	}
	if msgID == "" || len(signatures) == 0 {
		return fail("MALFORMED_SIGNATURE")
	}
	if err := checkTimestamp(timestamp, now, tolerance); err != nil {
		return err
	}
	signed := []byte(msgID + "." + timestamp + "." + string(body))
	for _, publicKey := range publicKeys {
		key := canonicalBase64(strings.TrimPrefix(strings.TrimSpace(publicKey), "whpk_"))
		for _, signature := range signatures {
			if len(key) == ed25519.PublicKeySize && ed25519.Verify(key, signed, signature) {
				return nil
			}
		}
	}
	return fail("NO_MATCHING_SIGNATURE")
}

func receive(secrets, publicKeys []string, version int) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		// The raw bytes: the signature is over them, not over JSON parsed and serialized again.
		body, err := io.ReadAll(r.Body)
		if err == nil {
			scheme := "v1a"
			if len(publicKeys) > 0 {
				err = verifyV1a(publicKeys, r.Header, body, time.Now(), Tolerance)
			} else {
				scheme, err = verifyDelivery(secrets, r.Header, body, version, time.Now(), Tolerance)
			}
			if err == nil {
				var event struct {
					EventID   string `json:"event_id"`
					EventType string `json:"event_type"`
				}
				err = json.Unmarshal(body, &event)
				fmt.Printf("verified %s %s (%s)\n", event.EventID, event.EventType, scheme)
			}
		}
		if err != nil {
			fmt.Println("refused:", err)
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}
}

func main() {
	if len(os.Args) == 3 && os.Args[1] == "vectors" {
		os.Exit(runVectors(os.Args[2]))
	}
	port := os.Getenv("PORT")
	if port == "" {
		port = "8000"
	}
	listener, err := net.Listen("tcp", "127.0.0.1:"+port)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	// WEBHOOK_PUBLIC_KEY (whpk_...): verify v1a with the webhook's public key; during a key rotation
	// WEBHOOK_PUBLIC_KEY_PREVIOUS holds the old one. Else the secret's HMAC signatures.
	var publicKeys []string
	for _, name := range []string{"WEBHOOK_PUBLIC_KEY", "WEBHOOK_PUBLIC_KEY_PREVIOUS"} {
		if key := os.Getenv(name); key != "" {
			publicKeys = append(publicKeys, key)
		}
	}
	// During a rotation, WEBHOOK_SECRET_PREVIOUS holds the old secret: both are accepted.
	secrets := []string{os.Getenv("WEBHOOK_SECRET")}
	if previous := os.Getenv("WEBHOOK_SECRET_PREVIOUS"); previous != "" {
		secrets = append(secrets, previous)
	}
	// The webhook's payload version is yours to state, never the request's: v2 unless set to v1.
	version := map[string]int{"": 2, "v2": 2, "v1": 1}[os.Getenv("WEBHOOK_PAYLOAD_VERSION")]
	if version == 0 {
		fmt.Fprintln(os.Stderr, "WEBHOOK_PAYLOAD_VERSION must be v1 or v2")
		os.Exit(1)
	}
	fmt.Printf("receiving webhooks on http://%s/\n", listener.Addr())
	fmt.Fprintln(os.Stderr, http.Serve(listener, receive(secrets, publicKeys, version)))
	os.Exit(1)
}

type vectorCase struct {
	Name, Body, Expect, Scheme string
	Version                    int
	Secrets                    []string
	PublicKeys                 []string `json:"public_keys"`
	Keys                       []string
	Header                     *string
	Headers                    map[string]string
	Now, Timestamp             *int64
	ToleranceSeconds           *int64 `json:"tolerance_seconds"`
}

// runVectors runs every verification case of test-vectors.json; the signing cases must verify too.
func runVectors(path string) int {
	var vectors struct {
		Signing, Verification []vectorCase
		Standard              struct{ Signing, Verification []vectorCase } `json:"standard_webhooks"`
		V1a                   struct {
			Keys map[string]struct {
				Kid       string
				PublicKey string `json:"public_key"`
			}
			Signing, Verification []vectorCase
		}
	}
	if data, err := os.ReadFile(path); err != nil || json.Unmarshal(data, &vectors) != nil {
		fmt.Println("cannot read", path)
		return 2
	}
	// Scheme "" runs a case as the server does, with the case's version as the configured one.
	cases := append(append([]vectorCase{}, vectors.Standard.Verification...), vectors.Verification...)
	signing := map[string][]vectorCase{
		"":                  append(append([]vectorCase{}, vectors.Signing...), vectors.Standard.Signing...),
		"standard-webhooks": vectors.Standard.Signing,
	}
	for _, c := range vectors.V1a.Verification {
		c.Scheme = "v1a"
		cases = append(cases, c)
	}
	for _, c := range vectors.V1a.Signing {
		c.Scheme, c.Expect, c.Now = "v1a", "valid", c.Timestamp
		for _, kid := range c.Keys {
			for _, key := range vectors.V1a.Keys {
				if key.Kid == kid {
					c.PublicKeys = append(c.PublicKeys, key.PublicKey)
				}
			}
		}
		cases = append(cases, c)
	}
	for scheme, signed := range signing {
		for _, c := range signed {
			c.Scheme, c.Expect, c.Now = scheme, "valid", c.Timestamp
			cases = append(cases, c)
		}
	}
	failed := 0
	for _, c := range cases {
		headers := http.Header{}
		for name, value := range c.Headers {
			headers.Set(name, value)
		}
		if c.Header != nil {
			headers.Set("X-Webhook-Signature", *c.Header)
		}
		now, tolerance := time.Unix(0, 0), Tolerance
		if c.Now != nil {
			now = time.Unix(*c.Now, 0)
		}
		if c.ToleranceSeconds != nil {
			tolerance = time.Duration(*c.ToleranceSeconds) * time.Second
		}
		if c.Version == 0 {
			c.Version = 2
		}
		var err error
		body := []byte(c.Body)
		switch c.Scheme {
		case "v1a":
			err = verifyV1a(c.PublicKeys, headers, body, now, tolerance)
		case "standard-webhooks":
			err = verify(c.Secrets, headers, body, now, tolerance)
		case "affiliate-commerce":
			err = verifyBound(c.Secrets, headers, body, now, tolerance)
		default:
			_, err = verifyDelivery(c.Secrets, headers, body, c.Version, now, tolerance)
		}
		outcome := "valid"
		if err != nil {
			outcome = err.Error()
		}
		if outcome != c.Expect {
			failed++
			fmt.Printf("FAIL %s (%s): expected %s, got %s\n", c.Name, c.Scheme, c.Expect, outcome)
		}
	}
	fmt.Printf("%d passed, %d failed\n", len(cases)-failed, failed)
	if failed > 0 {
		return 1
	}
	return 0
}
