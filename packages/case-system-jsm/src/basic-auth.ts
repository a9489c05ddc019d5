/**
 * The `Authorization` header for Atlassian Cloud basic auth: the account email and an API token,
 * joined by a colon, UTF-8 encoded and then base64'd (btoa alone would refuse non-Latin-1).
 *
 * @example
 * basicAuthorization('agent@example.com', 'token') // 'Basic YWdlbnRAZXhhbXBsZS5jb206dG9rZW4='
 */
export function basicAuthorization(email: string, apiToken: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(`${email}:${apiToken}`)) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}
