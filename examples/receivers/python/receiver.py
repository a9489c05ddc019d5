"""Verify affiliate-commerce webhooks in Python with the standard library alone.

    WEBHOOK_SECRET=whsec_... PORT=8000 python3 receiver.py   # receive deliveries
    WEBHOOK_PUBLIC_KEY=whpk_... PORT=8000 python3 receiver.py # verify v1a (ed25519) instead
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


# ed25519 verification, the reference code of RFC 8032 section 6: the standard library has no
# ed25519. It handles public values only, so it need not run in constant time. With the
# `cryptography` package (pip, or Debian's python3-cryptography),
# Ed25519PublicKey.from_public_bytes(key).verify(signature, signed) does the same.
_P = 2**255 - 19
_D = -121665 * pow(121666, _P - 2, _P) % _P
_Q = 2**252 + 27742317777372353535851937790883648493
_SQRT_M1 = pow(2, (_P - 1) // 4, _P)


def _add(a, b):
    e, f = (a[1] - a[0]) * (b[1] - b[0]) % _P, (a[1] + a[0]) * (b[1] + b[0]) % _P
    g, h = 2 * a[3] * b[3] * _D % _P, 2 * a[2] * b[2] % _P
    return ((f - e) * (h - g), (h + g) * (f + e), (h - g) * (h + g), (f - e) * (f + e))


def _mul(scalar, point):
    result = (0, 1, 1, 0)
    while scalar:
        if scalar & 1:
            result = _add(result, point)
        point, scalar = _add(point, point), scalar >> 1
    return result


def _decompress(data):
    y = int.from_bytes(data, "little")
    sign, y = y >> 255, y & ((1 << 255) - 1)
    if y >= _P:
        return None
    x2 = (y * y - 1) * pow(_D * y * y + 1, _P - 2, _P) % _P
    x = pow(x2, (_P + 3) // 8, _P)
    if (x * x - x2) % _P:
        x = x * _SQRT_M1 % _P
    if (x * x - x2) % _P or (x == 0 and sign):
        return None
    x = _P - x if (x & 1) != sign else x
    return (x, y, 1, x * y % _P)


_G = _decompress((4 * pow(5, _P - 2, _P) % _P).to_bytes(32, "little"))


def _ed25519_verify(public, signed, signature):
    a, r, s = _decompress(public), _decompress(signature[:32]), int.from_bytes(signature[32:], "little")
    if a is None or r is None or s >= _Q:
        return False
    h = int.from_bytes(hashlib.sha512(signature[:32] + public + signed).digest(), "little") % _Q
    left, right = _mul(s, _G), _add(r, _mul(h, a))
    return (left[0] * right[2] - right[0] * left[2]) % _P == 0 and (left[1] * right[2] - right[1] * left[2]) % _P == 0


def verify_v1a(public_keys, headers, body, now=None, tolerance=TOLERANCE):
    """Standard Webhooks `v1a` (ed25519): `webhook-signature: v1a,<base64> [...]` over
    `<webhook-id>.<webhook-timestamp>.<body>`, checked with the webhook's public key (`whpk_...`, as
    its record shows it), or a list during a key rotation. A public key cannot sign, so holding it
    lets nobody forge a delivery."""
    headers = {name.lower(): value.strip() for name, value in headers.items()}
    header = headers.get("webhook-signature", "")
    if not header:
        raise VerificationError("MISSING_SIGNATURE")
    msg_id, timestamp = headers.get("webhook-id", ""), headers.get("webhook-timestamp", "")
    signatures = [_canonical_base64(entry[4:]) for entry in header.split() if entry.startswith("v1a,")]
    if not msg_id or not signatures or any(s is None or len(s) != 64 for s in signatures):
        raise VerificationError("MALFORMED_SIGNATURE")
    _check_timestamp(timestamp, now, tolerance)
    public_keys = [public_keys] if isinstance(public_keys, str) else public_keys
    keys = [_canonical_base64(key.strip().removeprefix("whpk_")) for key in public_keys]
    signed = f"{msg_id}.{timestamp}.".encode() + body
    if not any(key and len(key) == 32 and _ed25519_verify(key, signed, s) for key in keys for s in signatures):
        raise VerificationError("NO_MATCHING_SIGNATURE")


class Receiver(BaseHTTPRequestHandler):
    secrets = []
    public_keys = []
    version = 2

    def do_POST(self):
        # The raw bytes: the signature is over them, not over JSON parsed and serialized again.
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            if self.public_keys:
                verify_v1a(self.public_keys, self.headers, body)
                scheme = "v1a"
            else:
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
    v1a = vectors["v1a"]
    public = {key["kid"]: key["public_key"] for key in v1a["keys"].values()}
    cases += [(case, "v1a") for case in v1a["verification"]]
    cases += [(dict(case, expect="valid", now=case["timestamp"], public_keys=[public[kid] for kid in case["keys"]]), "v1a") for case in v1a["signing"]]
    failed = 0
    for case, scheme in cases:
        headers = case.get("headers", {"x-webhook-signature": case.get("header")})
        headers = {name: value for name, value in headers.items() if value is not None}
        body, secrets = case["body"].encode(), case.get("secrets")
        times = {"now": case.get("now"), "tolerance": case.get("tolerance_seconds", TOLERANCE)}
        try:
            if scheme == "v1a":
                verify_v1a(case["public_keys"], headers, body, **times)
            elif scheme == "standard-webhooks":
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
    # WEBHOOK_PUBLIC_KEY (whpk_...): verify v1a with the webhook's public key; during a key
    # rotation WEBHOOK_PUBLIC_KEY_PREVIOUS holds the old one. Else the secret's HMAC signatures.
    Receiver.public_keys = [os.environ[name] for name in ("WEBHOOK_PUBLIC_KEY", "WEBHOOK_PUBLIC_KEY_PREVIOUS") if os.environ.get(name)]
    # During a rotation, WEBHOOK_SECRET_PREVIOUS holds the old secret: both are accepted.
    previous = os.environ.get("WEBHOOK_SECRET_PREVIOUS")
    Receiver.secrets = [os.environ.get("WEBHOOK_SECRET", "")] + ([previous] if previous else [])
    # The webhook's payload version is yours to state, never the request's: v2 unless set to v1.
    payload_version = os.environ.get("WEBHOOK_PAYLOAD_VERSION", "v2")
    if payload_version not in ("v1", "v2"):
        sys.exit(f"WEBHOOK_PAYLOAD_VERSION must be v1 or v2, not {payload_version!r}")
    Receiver.version = int(payload_version[1])
    server = HTTPServer(("127.0.0.1", int(os.environ.get("PORT", "8000"))), Receiver)
    print(f"receiving webhooks on http://127.0.0.1:{server.server_port}/", flush=True)
    server.serve_forever()
