"""Verify affiliate-commerce webhooks in Python with the standard library alone.

    WEBHOOK_SECRET=whsec_... PORT=8000 python3 receiver.py   # receive deliveries
    WEBHOOK_PAYLOAD_VERSION=v1 ...                            # a webhook still on v1 payloads
    python3 receiver.py vectors test-vectors.json             # check the published test vectors
"""

import base64
import hashlib
import hmac
import json
import os
import re
import sys
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

TOLERANCE = 300  # seconds, either way
UNIX_SECONDS = re.compile(r"0|[1-9][0-9]{0,14}")  # the digits exactly as signed


class VerificationError(Exception):
    """Why a delivery was refused: MISSING_SIGNATURE, MALFORMED_SIGNATURE, TIMESTAMP_TOO_OLD,
    TIMESTAMP_IN_FUTURE or NO_MATCHING_SIGNATURE."""

    def __init__(self, code):
        super().__init__(code)
        self.code = code


def _canonical_base64(text):
    """The bytes of standard base64 that encodes back to `text` (padding included), else None."""
    try:
        raw = base64.b64decode(text, validate=True)
    except ValueError:
        return None
    return raw if base64.b64encode(raw).decode() == text else None


def _signature(value):
    """A 32-byte HMAC-SHA256 from standard base64, its = padding optional; else None."""
    raw = _canonical_base64(value + "=" * (-len(value) % 4))
    return raw if raw is not None and len(raw) == 32 else None


def _check_timestamp(text, now, tolerance):
    if not UNIX_SECONDS.fullmatch(text):
        raise VerificationError("MALFORMED_SIGNATURE")
    now = int(time.time()) if now is None else now
    if int(text) < now - tolerance:
        raise VerificationError("TIMESTAMP_TOO_OLD")
    if int(text) > now + tolerance:
        raise VerificationError("TIMESTAMP_IN_FUTURE")


def _matches(keys, signed, signatures):
    for key in keys:
        expected = hmac.new(key, signed, hashlib.sha256).digest()
        if any(hmac.compare_digest(expected, signature) for signature in signatures):
            return
    raise VerificationError("NO_MATCHING_SIGNATURE")


def verify(secrets, headers, body, now=None, tolerance=TOLERANCE):
    """Standard Webhooks: `webhook-signature: v1,<base64> [v1,<base64> ...]`, HMAC-SHA256 over
    `<webhook-id>.<webhook-timestamp>.<body>`, keyed by the bytes of the base64 after `whsec_`.
    `secrets` is one secret or a list (new and old during a rotation); `body` the raw bytes."""
    headers = {name.lower(): value.strip() for name, value in headers.items()}
    entries = [entry.split(",", 1) for entry in headers.get("webhook-signature", "").split()]
    if not entries:
        raise VerificationError("MISSING_SIGNATURE")
    msg_id, timestamp = headers.get("webhook-id", ""), headers.get("webhook-timestamp", "")
    if not msg_id or any(len(entry) != 2 or not entry[0] for entry in entries):
        raise VerificationError("MALFORMED_SIGNATURE")
    signatures = [_signature(value) for version, value in entries if version == "v1"]
    if not signatures or None in signatures:
        raise VerificationError("MALFORMED_SIGNATURE")
    _check_timestamp(timestamp, now, tolerance)
    secrets = [secrets] if isinstance(secrets, str) else secrets
    keys = [_canonical_base64(secret.strip().removeprefix("whsec_")) for secret in secrets]
    keys = [key for key in keys if key and len(key) >= 16]  # other secrets have no standard key
    _matches(keys, f"{msg_id}.{timestamp}.".encode() + body, signatures)


def verify_signature_header(secrets, header, body, now=None, tolerance=TOLERANCE, version=2):
    """affiliate-commerce's `X-Webhook-Signature`: version 2 `t=<unix>,sha256=<base64>[,sha256=...]`
    over `<t>.<body>`, version 1 `sha256=<base64>[,...]` over the body, keyed by the UTF-8 bytes of
    the whole secret. Returns the signed `t` (None for version 1)."""
    if not header or not header.strip():
        raise VerificationError("MISSING_SIGNATURE")
    stamps, signatures = set(), []
    for entry in filter(None, (entry.strip() for entry in header.split(","))):
        name, equals, value = entry.partition("=")
        if not equals:
            raise VerificationError("MALFORMED_SIGNATURE")
        if name.strip() == "t":
            stamps.add(value.strip())
        elif name.strip() == "sha256":
            signatures.append(_signature(value.strip()))
    if not signatures or None in signatures or len(stamps) != (1 if version == 2 else 0):
        raise VerificationError("MALFORMED_SIGNATURE")
    signed, timestamp = body, None
    if version == 2:
        (timestamp,) = stamps
        _check_timestamp(timestamp, now, tolerance)
        signed = f"{timestamp}.".encode() + body
    secrets = [secrets] if isinstance(secrets, str) else secrets
    _matches([secret.strip().encode() for secret in secrets], signed, signatures)
    return timestamp


def verify_bound(secrets, headers, body, now=None, tolerance=TOLERANCE):
    """`X-Webhook-Signature` (version 2) from the request's headers, and the Standard Webhooks headers
    beside it must say what it signed: `webhook-timestamp` its `t`, `webhook-id` the `event_id` of
    the body (the only place that signature covers the id), so a replay with either changed is refused
    whatever secrets you hold."""
    headers = {name.lower(): value.strip() for name, value in headers.items()}
    timestamp = verify_signature_header(secrets, headers.get("x-webhook-signature"), body, now, tolerance)
    stamp, msg_id = headers.get("webhook-timestamp", ""), headers.get("webhook-id", "")
    if stamp and stamp != timestamp:
        raise VerificationError("NO_MATCHING_SIGNATURE")
    if msg_id:
        try:
            event = json.loads(body)
        except ValueError:
            event = None
        if not isinstance(event, dict) or event.get("event_id") != msg_id:
            raise VerificationError("NO_MATCHING_SIGNATURE")


def verify_delivery(secrets, headers, body, version=2, now=None, tolerance=TOLERANCE):
    """What a receiver calls. `version` is your webhook's payload version, from your configuration,
    never from the request (its X-Webhook-Version is not signed): 2, the default, or 1 for a webhook
    still on legacy v1 payloads, whose signature has no timestamp and so replays forever. Version 2
    checks `X-Webhook-Signature` when the delivery has it (`verify_bound`), else the Standard Webhooks
    headers. Returns the scheme that passed."""
    headers = {name.lower(): value.strip() for name, value in headers.items()}
    ours = headers.get("x-webhook-signature", "")
    if version == 1:
        verify_signature_header(secrets, ours, body, now, tolerance, version=1)
        return "x-webhook-signature"
    if ours:
        verify_bound(secrets, headers, body, now, tolerance)
        return "x-webhook-signature"
    verify(secrets, headers, body, now, tolerance)
    return "standard-webhooks"


class Receiver(BaseHTTPRequestHandler):
    secrets = []
    version = 2

    def do_POST(self):
        # The raw bytes: the signature is over them, not over JSON parsed and serialized again.
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            scheme = verify_delivery(self.secrets, self.headers, body, self.version)
        except VerificationError as error:
            print(f"refused: {error.code}", flush=True)
            self.send_response(400)
        else:
            event = json.loads(body)
            print(f"verified {event['event_id']} {event['event_type']} ({scheme})", flush=True)
            self.send_response(204)
        self.end_headers()

    def log_message(self, format, *args):
        pass  # one line per delivery, printed above


def run_vectors(path):
    """Runs every verification case of test-vectors.json; the signing cases must verify too."""
    with open(path, encoding="utf-8") as file:
        vectors = json.load(file)
    standard = vectors["standard_webhooks"]
    cases = [(case, None) for case in vectors["verification"]]
    cases += [(case, case.get("scheme")) for case in standard["verification"]]
    signing = [(case, None) for case in vectors["signing"]]
    signing += [(case, scheme) for scheme in (None, "standard-webhooks") for case in standard["signing"]]
    cases += [(dict(case, expect="valid", now=case.get("timestamp")), scheme) for case, scheme in signing]
    failed = 0
    for case, scheme in cases:
        headers = case.get("headers", {"x-webhook-signature": case.get("header")})
        headers = {name: value for name, value in headers.items() if value is not None}
        body, secrets = case["body"].encode(), case["secrets"]
        times = {"now": case.get("now"), "tolerance": case.get("tolerance_seconds", TOLERANCE)}
        try:
            if scheme == "standard-webhooks":
                verify(secrets, headers, body, **times)
            elif scheme == "affiliate-commerce":
                verify_bound(secrets, headers, body, **times)
            else:  # as the server does, with the case's version as the configured one
                verify_delivery(secrets, headers, body, case.get("version", 2), **times)
            outcome = "valid"
        except VerificationError as error:
            outcome = error.code
        if outcome != case["expect"]:
            failed += 1
            print(f"FAIL {case['name']} ({scheme or 'delivery'}): expected {case['expect']}, got {outcome}")
    print(f"{len(cases) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["vectors"]:
        sys.exit(run_vectors(sys.argv[2]))
    # During a rotation, WEBHOOK_SECRET_PREVIOUS holds the old secret: both are accepted.
    previous = os.environ.get("WEBHOOK_SECRET_PREVIOUS")
    Receiver.secrets = [os.environ["WEBHOOK_SECRET"]] + ([previous] if previous else [])
    # The webhook's payload version is yours to state, never the request's: v2 unless set to v1.
    payload_version = os.environ.get("WEBHOOK_PAYLOAD_VERSION", "v2")
    if payload_version not in ("v1", "v2"):
        sys.exit(f"WEBHOOK_PAYLOAD_VERSION must be v1 or v2, not {payload_version!r}")
    Receiver.version = int(payload_version[1])
    server = HTTPServer(("127.0.0.1", int(os.environ.get("PORT", "8000"))), Receiver)
    print(f"receiving webhooks on http://127.0.0.1:{server.server_port}/", flush=True)
    server.serve_forever()
