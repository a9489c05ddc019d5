import packageJson from '../../package.json' with { type: 'json' };
import { generateOpenApi } from './openapi';
import { routes } from './routes';

/** Where the checked-in document lives. */
export const openApiPath = new URL('../../../../docs/openapi.json', import.meta.url);

/** The OpenAPI document of this service's routes. */
export function openApiDocument(): Record<string, unknown> {
  return generateOpenApi(routes, { version: packageJson.version });
}
