# Verify affiliate-commerce webhooks in Ruby with the standard library alone.
#
#   WEBHOOK_SECRET=whsec_... PORT=8000 ruby receiver.rb   # receive deliveries
#   WEBHOOK_PUBLIC_KEY=whpk_... PORT=8000 ruby receiver.rb # verify v1a (ed25519) instead
#   WEBHOOK_PAYLOAD_VERSION=v1 ...                         # a webhook still on v1 payloads
#   ruby receiver.rb vectors test-vectors.json             # check the published test vectors
require "json"
require "openssl"
require "socket"

module WebhookReceiver
  TOLERANCE = 300 # seconds, either way
  UNIX_SECONDS = /\A(0|[1-9][0-9]{0,14})\z/ # the digits exactly as signed

  # Why a delivery was refused; the message is MISSING_SIGNATURE, MALFORMED_SIGNATURE,
  # TIMESTAMP_TOO_OLD, TIMESTAMP_IN_FUTURE or NO_MATCHING_SIGNATURE.
  class VerificationError < StandardError; end

  module_function

  # The bytes of standard base64 that encodes back to the same text (padding included), else nil.
  def canonical_base64(text)
    raw = text.unpack1("m0")
    raw if [raw].pack("m0") == text
  rescue ArgumentError
    nil
  end

  # A 32-byte HMAC-SHA256 from standard base64, its = padding optional; else nil.
  def signature(value)
    raw = canonical_base64(value.ljust((value.length + 3) / 4 * 4, "="))
    raw if raw&.bytesize == 32
  end

  def check_timestamp(text, now, tolerance)
    raise VerificationError, "MALFORMED_SIGNATURE" unless UNIX_SECONDS.match?(text)
    now ||= Time.now.to_i
    raise VerificationError, "TIMESTAMP_TOO_OLD" if text.to_i < now - tolerance
    raise VerificationError, "TIMESTAMP_IN_FUTURE" if text.to_i > now + tolerance
  end

  def match!(keys, signed, signatures)
    keys.each do |key|
      expected = OpenSSL::HMAC.digest("SHA256", key, signed)
      return if signatures.any? { |signature| OpenSSL.secure_compare(expected, signature) }
    end
    raise VerificationError, "NO_MATCHING_SIGNATURE"
  end

  # Standard Webhooks: webhook-signature "v1,<base64> [v1,<base64> ...]", HMAC-SHA256 over
  # "<webhook-id>.<webhook-timestamp>.<body>", keyed by the bytes of the base64 after whsec_.
  # secrets is one secret or several (new and old during a rotation); body the raw bytes.
  def verify(secrets, headers, body, now: nil, tolerance: TOLERANCE)
    headers = headers.to_h { |name, value| [name.downcase, value.to_s.strip] }
    entries = headers.fetch("webhook-signature", "").split.map { |entry| entry.split(",", 2) }
    raise VerificationError, "MISSING_SIGNATURE" if entries.empty?
    msg_id, timestamp = headers.values_at("webhook-id", "webhook-timestamp").map(&:to_s)
    if msg_id.empty? || entries.any? { |entry| entry.size != 2 || entry[0].empty? }
      raise VerificationError, "MALFORMED_SIGNATURE"
    end
    signatures = entries.select { |version, _| version == "v1" }.map { |_, value| signature(value) }
    raise VerificationError, "MALFORMED_SIGNATURE" if signatures.empty? || signatures.include?(nil)
    check_timestamp(timestamp, now, tolerance)
    keys = Array(secrets).filter_map { |secret| canonical_base64(secret.strip.delete_prefix("whsec_")) }
    keys = keys.select { |key| key.bytesize >= 16 } # other secrets have no standard key
    match!(keys, "#{msg_id}.#{timestamp}.".b + body.b, signatures)
  end

  # affiliate-commerce's X-Webhook-Signature: version 2 "t=<unix>,sha256=<base64>[,sha256=...]"
  # over "<t>.<body>", version 1 "sha256=<base64>[,...]" over the body, keyed by the UTF-8 bytes
  # of the whole secret. Returns the signed t (nil for version 1).
  def verify_signature_header(secrets, header, body, now: nil, tolerance: TOLERANCE, version: 2)
    raise VerificationError, "MISSING_SIGNATURE" if header.to_s.strip.empty?
    entries = header.split(",").map(&:strip).reject(&:empty?).map { |e| e.split("=", 2).map(&:strip) }
    stamps = entries.select { |name, _| name == "t" }.map(&:last).uniq
    signatures = entries.select { |name, _| name == "sha256" }.map { |_, value| signature(value.to_s) }
    # Version 2 has one timestamp (repeated at most), version 1 none.
    if entries.any? { |entry| entry.size != 2 } || signatures.empty? || signatures.include?(nil) ||
       stamps.size != (version == 2 ? 1 : 0)
      raise VerificationError, "MALFORMED_SIGNATURE"
    end
    check_timestamp(stamps[0], now, tolerance) if version == 2
    signed = version == 2 ? "#{stamps[0]}.".b + body.b : body.b
    match!(Array(secrets).map { |secret| secret.strip.b }, signed, signatures)
    stamps[0]
  end

  # X-Webhook-Signature (version 2) from the request's headers, and the Standard Webhooks headers
  # beside it must say what it signed: webhook-timestamp its t, webhook-id the event_id of the body
  # (the only place that signature covers the id), so a replay with either changed is refused
  # whatever secrets you hold.
  def verify_bound(secrets, headers, body, now: nil, tolerance: TOLERANCE)
    headers = headers.to_h { |name, value| [name.downcase, value.to_s.strip] }
    timestamp = verify_signature_header(secrets, headers["x-webhook-signature"], body, now: now, tolerance: tolerance)
    stamp, msg_id = headers.values_at("webhook-timestamp", "webhook-id").map(&:to_s)
    raise VerificationError, "NO_MATCHING_SIGNATURE" unless stamp.empty? || stamp == timestamp
    return if msg_id.empty?
    event = begin
      JSON.parse(body)
    rescue JSON::ParserError
      nil
    end
    raise VerificationError, "NO_MATCHING_SIGNATURE" unless event.is_a?(Hash) && event["event_id"] == msg_id
  end

  # What a receiver calls. version is your webhook's payload version, from your configuration,
  # never from the request (its X-Webhook-Version is not signed): 2, or 1 for a webhook still on
  # legacy v1 payloads, whose signature has no timestamp and so replays forever. Version 2 checks
  # X-Webhook-Signature when the delivery has it (verify_bound), else the Standard Webhooks
  # headers. Returns the scheme that passed.
  def verify_delivery(secrets, headers, body, version: 2, now: nil, tolerance: TOLERANCE)
    headers = headers.to_h { |name, value| [name.downcase, value.to_s.strip] }
    times = { now: now, tolerance: tolerance }
    if version == 1
      verify_signature_header(secrets, headers["x-webhook-signature"], body, version: 1, **times)
      return "x-webhook-signature"
    end
    unless headers["x-webhook-signature"].to_s.empty?
      verify_bound(secrets, headers, body, **times)
      return "x-webhook-signature"
    end
    verify(secrets, headers, body, **times)
    "standard-webhooks"
  end

  # The DER prefix of an ed25519 public key (SubjectPublicKeyInfo, RFC 8410), before its 32 bytes.
  ED25519_SPKI = ["302a300506032b6570032100"].pack("H*")

  # Standard Webhooks v1a (ed25519): webhook-signature "v1a,<base64> [...]" over
  # "<webhook-id>.<webhook-timestamp>.<body>", with the webhook's public key ("whpk_...", as its
  # record shows it), or the new and the old one during a key rotation. A public key cannot sign,
  # so holding it lets nobody forge a delivery. OpenSSL 1.1.1 or later.
  def verify_v1a(public_keys, headers, body, now: nil, tolerance: TOLERANCE)
    headers = headers.to_h { |name, value| [name.downcase, value.to_s.strip] }
    entries = headers.fetch("webhook-signature", "").split
    raise VerificationError, "MISSING_SIGNATURE" if entries.empty?
    msg_id, timestamp = headers.values_at("webhook-id", "webhook-timestamp").map(&:to_s)
    signatures = entries.select { |entry| entry.start_with?("v1a,") }.map { |entry| canonical_base64(entry[4..]) }
    if msg_id.empty? || signatures.empty? || signatures.any? { |signature| signature&.bytesize != 64 }
      raise VerificationError, "MALFORMED_SIGNATURE"
    end
    check_timestamp(timestamp, now, tolerance)
    signed = "#{msg_id}.#{timestamp}.".b + body.b
    keys = Array(public_keys).filter_map { |key| canonical_base64(key.strip.delete_prefix("whpk_")) }
    keys = keys.select { |key| key.bytesize == 32 }.map { |key| OpenSSL::PKey.read(ED25519_SPKI + key) }
    return if keys.product(signatures).any? { |key, signature| key.verify(nil, signature, signed) }
    raise VerificationError, "NO_MATCHING_SIGNATURE"
  end

  # A minimal HTTP/1.1 server (Ruby 3 ships no HTTP server): one request per connection, bodies
  # with Content-Length. Behind Rack, read request.body.read instead.
  def serve(secrets, port, version, public_keys = [])
    server = TCPServer.new("127.0.0.1", port)
    puts "receiving webhooks on http://127.0.0.1:#{server.addr[1]}/"
    loop do
      client = server.accept
      next unless client.gets # the request line
      headers = {}
      while (line = client.gets) && line != "\r\n"
        name, value = line.split(":", 2)
        headers[name.downcase] = value.to_s.strip
      end
      # The raw bytes: the signature is over them, not over JSON parsed and serialized again.
      body = client.read(headers["content-length"].to_i)
      status = begin
        if public_keys.empty?
          scheme = verify_delivery(secrets, headers, body, version: version)
        else
          verify_v1a(public_keys, headers, body)
          scheme = "v1a"
        end
        event = JSON.parse(body)
        puts "verified #{event["event_id"]} #{event["event_type"]} (#{scheme})"
        "204 No Content"
      rescue VerificationError => e
        puts "refused: #{e.message}"
        "400 Bad Request"
      end
      client.write("HTTP/1.1 #{status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
    ensure
      client&.close
    end
  end

  # Runs every verification case of test-vectors.json; the signing cases must verify too.
  def run_vectors(path)
    vectors = JSON.parse(File.read(path, encoding: "UTF-8"))
    standard = vectors["standard_webhooks"]
    cases = vectors["verification"].map { |c| [c, nil] } +
            standard["verification"].map { |c| [c, c["scheme"]] }
    signing = vectors["signing"].map { |c| [c, nil] } +
              [nil, "standard-webhooks"].product(standard["signing"]).map { |scheme, c| [c, scheme] }
    cases += signing.map { |c, scheme| [c.merge("expect" => "valid", "now" => c["timestamp"]), scheme] }
    v1a = vectors["v1a"]
    public = v1a["keys"].values.to_h { |key| [key["kid"], key["public_key"]] }
    cases += v1a["verification"].map { |c| [c, "v1a"] }
    cases += v1a["signing"].map do |c|
      [c.merge("expect" => "valid", "now" => c["timestamp"], "public_keys" => public.values_at(*c["keys"])), "v1a"]
    end
    failed = cases.count do |c, scheme|
      headers = c.fetch("headers") { { "x-webhook-signature" => c["header"] } }.compact
      times = { now: c["now"], tolerance: c.fetch("tolerance_seconds", TOLERANCE) }
      outcome = begin
        case scheme
        when "v1a" then verify_v1a(c["public_keys"], headers, c["body"], **times)
        when "standard-webhooks" then verify(c["secrets"], headers, c["body"], **times)
        when "affiliate-commerce" then verify_bound(c["secrets"], headers, c["body"], **times)
        # As the server does, with the case's version as the configured one.
        else verify_delivery(c["secrets"], headers, c["body"], version: c.fetch("version", 2), **times)
        end
        "valid"
      rescue VerificationError => e
        e.message
      end
      puts "FAIL #{c["name"]} (#{scheme || "delivery"}): expected #{c["expect"]}, got #{outcome}" if outcome != c["expect"]
      outcome != c["expect"]
    end
    puts "#{cases.size - failed} passed, #{failed} failed"
    failed.zero? ? 0 : 1
  end
end

if $PROGRAM_NAME == __FILE__
  $stdout.sync = true
  exit WebhookReceiver.run_vectors(ARGV[1]) if ARGV[0] == "vectors"
  # During a rotation, WEBHOOK_SECRET_PREVIOUS holds the old secret: both are accepted.
  secrets = [ENV.fetch("WEBHOOK_SECRET", ""), ENV.fetch("WEBHOOK_SECRET_PREVIOUS", "")].reject(&:empty?)
  # WEBHOOK_PUBLIC_KEY (whpk_...): verify v1a with the webhook's public key; during a key rotation
  # WEBHOOK_PUBLIC_KEY_PREVIOUS holds the old one. Else the secret's HMAC signatures.
  public_keys = [ENV.fetch("WEBHOOK_PUBLIC_KEY", ""), ENV.fetch("WEBHOOK_PUBLIC_KEY_PREVIOUS", "")].reject(&:empty?)
  # The webhook's payload version is yours to state, never the request's: v2 unless set to v1.
  version = { "v1" => 1, "v2" => 2 }[ENV.fetch("WEBHOOK_PAYLOAD_VERSION", "v2")]
  abort "WEBHOOK_PAYLOAD_VERSION must be v1 or v2" unless version
  WebhookReceiver.serve(secrets, Integer(ENV.fetch("PORT", "8000")), version, public_keys)
end
