/**
 * Sensitive keys removed from v2 payloads at any depth, even inside allowlisted fields (SPEC 6.2):
 * contact details, names, birth date, address parts, medications, allergies, diagnosis, clinical
 * notes, credentials and tokens. Keys are compared normalised (lower case, no `_`, `-` or spaces),
 * so `firstName`, `first_name` and `First-Name` are one key. Matching is on whole keys, never on
 * parts, so allowlisted names such as `lab_name` or `tracking_number` stay.
 */
const sensitive = [
  // contact details
  'email',
  'emailaddress',
  'phone',
  'phonenumber',
  'mobile',
  'mobilephone',
  'telephone',
  'fax',
  'contact',
  'contactinfo',
  // names
  'name',
  'firstname',
  'lastname',
  'middlename',
  'fullname',
  'givenname',
  'familyname',
  'surname',
  'preferredname',
  'patientname',
  'displayname',
  'legalname',
  // birth date and identity documents
  'dob',
  'dateofbirth',
  'birthdate',
  'birthday',
  'ssn',
  'socialsecuritynumber',
  'driverslicense',
  'passportnumber',
  // address parts
  'address',
  'address1',
  'address2',
  'addressline1',
  'addressline2',
  'street',
  'streetaddress',
  'city',
  'state',
  'province',
  'zip',
  'zipcode',
  'postalcode',
  'postcode',
  'country',
  'shippingaddress',
  'billingaddress',
  // clinical
  'medication',
  'medications',
  'allergy',
  'allergies',
  'diagnosis',
  'diagnoses',
  'condition',
  'conditions',
  'clinicalnotes',
  'clinicalnote',
  'notes',
  'note',
  'symptoms',
  'medicalhistory',
  'healthdata',
  'icd10',
  'icdcodes',
  // credentials and tokens
  'password',
  'passwordhash',
  'token',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'apikey',
  'secret',
  'clientsecret',
  'authorization',
  'credentials',
  'sessiontoken',
  'cardnumber',
  'cvc',
  'cvv',
];

const blocked = new Set(sensitive);

/** Normalises a key for blocklist comparison. @example normaliseKey('First-Name') // 'firstname' */
export function normaliseKey(key: string): string {
  return key.toLowerCase().replace(/[_\-\s]/g, '');
}

/** True when the key is a known sensitive key. @example isBlockedKey('date_of_birth') // true */
export function isBlockedKey(key: string): boolean {
  return blocked.has(normaliseKey(key));
}

/**
 * A copy of a value with every blocklisted key removed at any depth. Primitives come back as
 * they are; only nested objects and arrays are walked.
 *
 * @example
 * scrubNested({ a: { email: 'x', b: 1 } }) // { a: { b: 1 } }
 */
export function scrubNested(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(scrubNested);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (isBlockedKey(key)) continue;
    const nested = (value as Record<string, unknown>)[key];
    if (nested !== undefined) out[key] = scrubNested(nested);
  }
  return out;
}
