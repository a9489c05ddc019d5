/**
 * The second net of v2 payloads (docs/api.md §6.2): keys that name sensitive data are removed even on
 * allowlisted paths. A key is compared normalised (lower case, letters and digits only), so
 * `patient_email`, `patientEmail`, `PatientEmail`, `PATIENT_EMAIL` and `patient-email` are one
 * key, and it is sensitive when a sensitive stem appears anywhere inside it. The allowlist decides
 * what may pass; this net only catches what an open bag (attribution params) or a caller of
 * {@link scrubNested} would otherwise let through.
 */

/**
 * The sensitive stems, normalised. Matching inside a key catches compounds (`home_phone`,
 * `DRUG_NAME`, `diagnosis-code`, `AuthToken`), at the price of false positives on keys that only
 * resemble them (`business_id` holds `ssn`), which is the safe side for keys no allowlist names.
 */
export const sensitiveStems: readonly string[] = [
  // contact details
  'email',
  'phone',
  'mobile',
  'fax',
  // names: first, last, middle, full, given, family, display, sur- and nick-names all hold `name`
  'name',
  // birth date and identity documents
  'birth',
  'dob',
  'ssn',
  'socialsecurity',
  'passport',
  'driverslicense',
  // address parts smaller than a state (street, city, zip and postal codes)
  'address',
  'addr',
  'street',
  'city',
  'zip',
  'postal',
  'postcode',
  // clinical
  'medic',
  'drug',
  'allerg',
  'diagnos',
  'icd10',
  'clinical',
  'note',
  'symptom',
  'condition',
  'health',
  // credentials and tokens
  'passw',
  'pwd',
  'token',
  'secret',
  'apikey',
  'credential',
  'authoriz',
  'bearer',
  'cardnumber',
  'cvv',
  'cvc',
];

/** Normalises a key for stem matching. */
export function normaliseKey(key: string): string {
  let out = '';
  for (let i = 0; i < key.length; i += 1) {
    let code = key.charCodeAt(i);
    if (code >= 65 && code <= 90) code += 32;
    if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) out += String.fromCharCode(code);
  }
  return out;
}

/**
 * The stem a key holds, or undefined. Full-width and other compatibility forms are folded first
 * (NFKC), so `ｅｍａｉｌ` is `email`.
 */
export function sensitiveStemOf(key: string): string | undefined {
  const normal = normaliseKey(key.normalize('NFKC'));
  for (const stem of sensitiveStems) if (normal.includes(stem)) return stem;
  return undefined;
}

/** True when the key holds a sensitive stem. */
export function isBlockedKey(key: string): boolean {
  return sensitiveStemOf(key) !== undefined;
}

/**
 * A copy of a value with every key that holds a sensitive stem removed, and every null or
 * undefined value omitted, at any depth. Primitives come back as they are.
 */
export function scrubNested(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value))
    return value.filter((item) => item !== null && item !== undefined).map(scrubNested);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (isBlockedKey(key)) continue;
    const nested = (value as Record<string, unknown>)[key];
    if (nested !== undefined && nested !== null) out[key] = scrubNested(nested);
  }
  return out;
}
