<?php

// Verify affiliate-commerce webhooks in PHP with no dependency.
//
//   WEBHOOK_SECRET=whsec_... php -S 127.0.0.1:8000 receiver.php   # receive deliveries
//   WEBHOOK_PUBLIC_KEY=whpk_... php -S ...                          # verify v1a (ed25519) instead
//   WEBHOOK_PAYLOAD_VERSION=v1 ...                                  # a webhook still on v1 payloads
//   php receiver.php vectors test-vectors.json                      # check the published test vectors

declare(strict_types=1);

namespace Webhooks;

const TOLERANCE = 300; // seconds, either way

/** Why a delivery was refused: MISSING_SIGNATURE, MALFORMED_SIGNATURE, TIMESTAMP_TOO_OLD,
 *  TIMESTAMP_IN_FUTURE or NO_MATCHING_SIGNATURE. */
final class VerificationError extends \Exception
{
}

/** The bytes of standard base64 that encodes back to the same text (padding included), else null. */
function canonical_base64(string $text): ?string
{
    $raw = base64_decode($text, true);
    return $raw !== false && base64_encode($raw) === $text ? $raw : null;
}

/** A 32-byte HMAC-SHA256 from standard base64, its = padding optional; else null. */
function decode_signature(string $value): ?string
{
    $raw = canonical_base64(str_pad($value, intdiv(strlen($value) + 3, 4) * 4, '='));
    return $raw !== null && strlen($raw) === 32 ? $raw : null;
}

function check_timestamp(string $text, ?int $now, int $tolerance): void
{
    if (!preg_match('/\A(0|[1-9][0-9]{0,14})\z/', $text)) { // the digits exactly as signed
        throw new VerificationError('MALFORMED_SIGNATURE');
    }
    $now ??= time();
    if ((int) $text < $now - $tolerance) {
        throw new VerificationError('TIMESTAMP_TOO_OLD');
    }
    if ((int) $text > $now + $tolerance) {
        throw new VerificationError('TIMESTAMP_IN_FUTURE');
    }
}

function match_signature(array $keys, string $signed, array $signatures): void
{
    foreach ($keys as $key) {
        $expected = hash_hmac('sha256', $signed, $key, true);
        foreach ($signatures as $signature) {
            if (hash_equals($expected, $signature)) {
                return;
            }
        }
    }
    throw new VerificationError('NO_MATCHING_SIGNATURE');
}

/**
 * Standard Webhooks: webhook-signature "v1,<base64> [v1,<base64> ...]", HMAC-SHA256 over
 * "<webhook-id>.<webhook-timestamp>.<body>", keyed by the bytes of the base64 after whsec_.
 * $secrets: one secret or several (new and old during a rotation); $body: the raw bytes.
 */
function verify(
    string|array $secrets,
    array $headers,
    string $body,
    ?int $now = null,
    int $tolerance = TOLERANCE,
): void {
    $headers = array_change_key_case(array_map('trim', $headers));
    $entries = preg_split('/\s+/', $headers['webhook-signature'] ?? '', -1, PREG_SPLIT_NO_EMPTY);
    if (!$entries) {
        throw new VerificationError('MISSING_SIGNATURE');
    }
    $msgId = $headers['webhook-id'] ?? '';
    $timestamp = $headers['webhook-timestamp'] ?? '';
    $signatures = [];
    foreach ($entries as $entry) {
        [$version, $value] = explode(',', $entry, 2) + [1 => null];
        $signature = decode_signature($value ?? '');
        if ($value === null || $version === '' || ($version === 'v1' && $signature === null)) {
            throw new VerificationError('MALFORMED_SIGNATURE');
        }
        if ($version === 'v1') {
            $signatures[] = $signature;
        }
    }
    if ($msgId === '' || !$signatures) {
        throw new VerificationError('MALFORMED_SIGNATURE');
    }
    check_timestamp($timestamp, $now, $tolerance);
    $keys = [];
    foreach ((array) $secrets as $secret) {
        $key = canonical_base64(preg_replace('/^whsec_/', '', trim($secret)));
        if ($key !== null && strlen($key) >= 16) {
            $keys[] = $key;
        }
    }
    match_signature($keys, "$msgId.$timestamp.$body", $signatures);
}

/**
 * affiliate-commerce's X-Webhook-Signature: version 2 "t=<unix>,sha256=<base64>[,sha256=...]"
 * over "<t>.<body>", version 1 "sha256=<base64>[,...]" over the body, keyed by the UTF-8 bytes of
 * the whole secret. Returns the signed t (null for version 1).
 */
function verify_signature_header(
    string|array $secrets,
    ?string $header,
    string $body,
    ?int $now = null,
    int $tolerance = TOLERANCE,
    int $version = 2,
): ?string {
    if (trim($header ?? '') === '') {
        throw new VerificationError('MISSING_SIGNATURE');
    }
    $stamps = $signatures = [];
    foreach (explode(',', $header) as $entry) {
        if (trim($entry) === '') {
            continue;
        }
        [$name, $value] = array_map('trim', explode('=', $entry, 2)) + [1 => null];
        $signature = decode_signature($value ?? '');
        if ($value === null || ($name === 'sha256' && $signature === null)) {
            throw new VerificationError('MALFORMED_SIGNATURE');
        }
        if ($name === 't') {
            $stamps[] = $value;
        } elseif ($name === 'sha256') {
            $signatures[] = $signature;
        }
    }
    $stamps = array_values(array_unique($stamps));
    if (!$signatures || count($stamps) !== ($version === 2 ? 1 : 0)) { // v2: one timestamp, v1: none
        throw new VerificationError('MALFORMED_SIGNATURE');
    }
    if ($version === 2) {
        check_timestamp($stamps[0], $now, $tolerance);
    }
    $signed = $version === 2 ? "$stamps[0].$body" : $body;
    match_signature(array_map('trim', (array) $secrets), $signed, $signatures);
    return $stamps[0] ?? null;
}

/**
 * X-Webhook-Signature (version 2) from the request's headers, and the Standard Webhooks headers
 * beside it must say what it signed: webhook-timestamp its t, webhook-id the event_id of the body
 * (the only place that signature covers the id), so a replay with either changed is refused
 * whatever secrets you hold.
 */
function verify_bound(
    string|array $secrets,
    array $headers,
    string $body,
    ?int $now = null,
    int $tolerance = TOLERANCE,
): void {
    $headers = array_change_key_case(array_map('trim', $headers));
    $header = $headers['x-webhook-signature'] ?? null;
    $timestamp = verify_signature_header($secrets, $header, $body, $now, $tolerance);
    $stamp = $headers['webhook-timestamp'] ?? '';
    $msgId = $headers['webhook-id'] ?? '';
    if ($stamp !== '' && $stamp !== $timestamp) {
        throw new VerificationError('NO_MATCHING_SIGNATURE');
    }
    $event = $msgId === '' ? null : json_decode($body, true);
    if ($msgId !== '' && (!is_array($event) || ($event['event_id'] ?? null) !== $msgId)) {
        throw new VerificationError('NO_MATCHING_SIGNATURE');
    }
}

/**
 * What a receiver calls. $version is your webhook's payload version, from your configuration,
 * never from the request (its X-Webhook-Version is not signed): 2, or 1 for a webhook still on
 * legacy v1 payloads, whose signature has no timestamp and so replays forever. Version 2 checks
 * X-Webhook-Signature when the delivery has it (verify_bound), else the Standard Webhooks headers.
 * Returns the scheme that passed.
 */
function verify_delivery(
    string|array $secrets,
    array $headers,
    string $body,
    int $version = 2,
    ?int $now = null,
    int $tolerance = TOLERANCE,
): string {
    $headers = array_change_key_case(array_map('trim', $headers));
    $header = $headers['x-webhook-signature'] ?? '';
    if ($version === 1) {
        verify_signature_header($secrets, $header, $body, $now, $tolerance, 1);
        return 'x-webhook-signature';
    }
    if ($header !== '') {
        verify_bound($secrets, $headers, $body, $now, $tolerance);
        return 'x-webhook-signature';
    }
    verify($secrets, $headers, $body, $now, $tolerance);
    return 'standard-webhooks';
}

/**
 * Standard Webhooks v1a (ed25519): webhook-signature "v1a,<base64> [...]" over
 * "<webhook-id>.<webhook-timestamp>.<body>", with the webhook's public key ("whpk_...", as its
 * record shows it), or the new and the old one during a key rotation. A public key cannot sign,
 * so holding it lets nobody forge a delivery. Needs the sodium extension (bundled since PHP 7.2).
 */
function verify_v1a(
    string|array $publicKeys,
    array $headers,
    string $body,
    ?int $now = null,
    int $tolerance = TOLERANCE,
): void {
    $headers = array_change_key_case(array_map('trim', $headers));
    $entries = preg_split('/\s+/', $headers['webhook-signature'] ?? '', -1, PREG_SPLIT_NO_EMPTY);
    if (!$entries) {
        throw new VerificationError('MISSING_SIGNATURE');
    }
    $msgId = $headers['webhook-id'] ?? '';
    $timestamp = $headers['webhook-timestamp'] ?? '';
    $signatures = [];
    foreach ($entries as $entry) {
        if (str_starts_with($entry, 'v1a,')) {
            $signatures[] = canonical_base64(substr($entry, 4));
        }
    }
    $wellFormed = array_filter($signatures, fn ($s) => $s !== null && strlen($s) === SODIUM_CRYPTO_SIGN_BYTES);
    if ($msgId === '' || !$signatures || count($wellFormed) !== count($signatures)) {
        throw new VerificationError('MALFORMED_SIGNATURE');
    }
    check_timestamp($timestamp, $now, $tolerance);
    foreach ((array) $publicKeys as $publicKey) {
        $key = canonical_base64(preg_replace('/^whpk_/', '', trim($publicKey)));
        foreach ($signatures as $signature) {
            if ($key !== null && strlen($key) === SODIUM_CRYPTO_SIGN_PUBLICKEYBYTES
                && sodium_crypto_sign_verify_detached($signature, "$msgId.$timestamp.$body", $key)) {
                return;
            }
        }
    }
    throw new VerificationError('NO_MATCHING_SIGNATURE');
}

/** Runs every verification case of test-vectors.json; the signing cases must verify too. */
function run_vectors(string $path): int
{
    $vectors = json_decode(file_get_contents($path), true, flags: JSON_THROW_ON_ERROR);
    $standard = $vectors['standard_webhooks'];
    $valid = fn (array $c) => ['expect' => 'valid', 'now' => $c['timestamp'] ?? null] + $c;
    $cases = [];
    foreach ($vectors['verification'] as $c) {
        $cases[] = [$c, null];
    }
    foreach ($standard['verification'] as $c) {
        $cases[] = [$c, $c['scheme'] ?? null];
    }
    foreach ($vectors['signing'] as $c) {
        $cases[] = [$valid($c), null];
    }
    foreach ([null, 'standard-webhooks'] as $scheme) {
        foreach ($standard['signing'] as $c) {
            $cases[] = [$valid($c), $scheme];
        }
    }
    $public = array_column($vectors['v1a']['keys'], 'public_key', 'kid');
    foreach ($vectors['v1a']['verification'] as $c) {
        $cases[] = [$c, 'v1a'];
    }
    foreach ($vectors['v1a']['signing'] as $c) {
        $keys = array_map(fn ($kid) => $public[$kid], $c['keys']);
        $cases[] = [['public_keys' => $keys] + $valid($c), 'v1a'];
    }
    $failed = 0;
    foreach ($cases as [$c, $scheme]) {
        $headers = $c['headers'] ?? ['x-webhook-signature' => $c['header']];
        $headers = array_filter($headers, fn ($value) => $value !== null);
        [$secrets, $body, $now] = [$c['secrets'] ?? [], $c['body'], $c['now'] ?? null];
        $tolerance = $c['tolerance_seconds'] ?? TOLERANCE;
        try {
            match ($scheme) {
                'v1a' => verify_v1a($c['public_keys'], $headers, $body, $now, $tolerance),
                'standard-webhooks' => verify($secrets, $headers, $body, $now, $tolerance),
                'affiliate-commerce' => verify_bound($secrets, $headers, $body, $now, $tolerance),
                // As the server does, with the case's version as the configured one.
                default => verify_delivery($secrets, $headers, $body, $c['version'] ?? 2, $now, $tolerance),
            };
            $outcome = 'valid';
        } catch (VerificationError $error) {
            $outcome = $error->getMessage();
        }
        if ($outcome !== $c['expect']) {
            $failed++;
            echo "FAIL {$c['name']} (", $scheme ?? 'delivery', "): expected {$c['expect']}, got $outcome\n";
        }
    }
    echo count($cases) - $failed, " passed, $failed failed\n";
    return $failed ? 1 : 0;
}

if (PHP_SAPI === 'cli-server') {
    // The raw bytes: the signature is over them, not over JSON parsed and serialized again.
    $body = file_get_contents('php://input');
    // During a rotation, WEBHOOK_SECRET_PREVIOUS holds the old secret: both are accepted.
    $secrets = array_values(array_filter([getenv('WEBHOOK_SECRET'), getenv('WEBHOOK_SECRET_PREVIOUS')]));
    // The webhook's payload version is yours to state, never the request's: v2 unless set to v1.
    $version = ['v1' => 1, 'v2' => 2][getenv('WEBHOOK_PAYLOAD_VERSION') ?: 'v2'] ?? null;
    if ($version === null) {
        file_put_contents('php://stderr', "WEBHOOK_PAYLOAD_VERSION must be v1 or v2\n");
        http_response_code(500);
        return;
    }
    // WEBHOOK_PUBLIC_KEY (whpk_...): verify v1a with the webhook's public key; during a key
    // rotation WEBHOOK_PUBLIC_KEY_PREVIOUS holds the old one. Else the secret's HMAC signatures.
    $publicKeys = array_values(array_filter([getenv('WEBHOOK_PUBLIC_KEY'), getenv('WEBHOOK_PUBLIC_KEY_PREVIOUS')]));
    try {
        if ($publicKeys) {
            verify_v1a($publicKeys, getallheaders(), $body);
            $scheme = 'v1a';
        } else {
            $scheme = verify_delivery($secrets, getallheaders(), $body, $version);
        }
        $event = json_decode($body, true, flags: JSON_THROW_ON_ERROR);
        $line = "verified {$event['event_id']} {$event['event_type']} ($scheme)";
        http_response_code(204);
    } catch (VerificationError $error) {
        $line = "refused: {$error->getMessage()}";
        http_response_code(400);
    }
    file_put_contents('php://stderr', "$line\n"); // the server's log, one line per delivery
} elseif (PHP_SAPI === 'cli' && ($argv[1] ?? '') === 'vectors') {
    exit(run_vectors($argv[2]));
}
