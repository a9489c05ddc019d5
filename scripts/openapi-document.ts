import { generateOpenApi, routes } from '@affiliate-commerce/core/http';
import packageJson from '../packages/core/package.json' with { type: 'json' };

/** Where the checked-in document lives. */
export const openApiPath = new URL('../docs/openapi.json', import.meta.url);

/**
 * The OpenAPI document of core's routes, as `docs/openapi.json` holds it: the generator
 * (`generateOpenApi`, which hosts call for their own table) over the service's route table.
 */
export function openApiDocument(): Record<string, unknown> {
  return generateOpenApi(routes, { version: packageJson.version });
}
