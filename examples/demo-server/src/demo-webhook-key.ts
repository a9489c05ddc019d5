/**
 * DEMO ONLY: a fixed key that encrypts the demo's webhook signing secrets at rest, so the demo
 * runs with no setup. It is public; a real host generates its own (`openssl rand -base64 32`),
 * keeps it out of the database and passes it as `secretKey`. Set `WEBHOOK_SECRET_KEY` to use
 * another one here.
 */
export const demoWebhookSecretKey = 'ZGVtby1vbmx5IHdlYmhvb2sga2V5OiBwdWJsaWMhISE=';
