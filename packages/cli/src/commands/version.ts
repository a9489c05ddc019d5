import packageJson from '../../package.json' with { type: 'json' };

/** The CLI's version, from its package.json. */
export const version: string = packageJson.version;

/** `User-Agent` of the requests `listen` forwards (a real delivery says `affiliate-commerce-webhooks/…`). */
export const userAgent = `affiliate-commerce-cli/${version}`;
