/**
 * The fixed `secretKey` of test services: 32 bytes in base64. For tests only; a real host
 * generates its own (`openssl rand -base64 32`) and keeps it out of the database.
 *
 * @example
 * createService({ ...ports, secretKey: testSecretKey })
 */
export const testSecretKey = Buffer.from('affiliate-commerce test key 32by').toString('base64');
