import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routes } from '../routes';
import { generateOpenApi } from './openapi';
import { openApiDocument, openApiPath } from './openapi-document';

describe('OpenAPI document', () => {
  it('docs/openapi.json is generated from the current route table (run `npm run openapi` when this fails)', () => {
    const checkedIn = JSON.parse(readFileSync(openApiPath, 'utf8'));
    expect(checkedIn).toEqual(openApiDocument());
  });

  it('documents every route with its roles, parameters and error answers', () => {
    const document = generateOpenApi(routes, { version: 'test' }) as {
      paths: Record<
        string,
        Record<
          string,
          {
            operationId: string;
            responses: Record<string, unknown>;
            parameters: { name: string; in: string }[];
          }
        >
      >;
    };
    for (const route of routes) {
      const operation = document.paths[route.path]?.[route.method.toLowerCase()];
      expect(operation?.operationId).toBe(route.operationId);
      for (const status of Object.keys(route.responses)) expect(operation?.responses).toHaveProperty(status);
      if (route.access.kind !== 'public') expect(operation?.responses).toHaveProperty('401');
    }
    const setRenewal = document.paths['/v2/ecommerceSubscriptions/{id}/actions/setRenewalDate']!.put!;
    expect(setRenewal.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })]);
    expect(Object.keys(setRenewal.responses).sort()).toEqual(['200', '400', '401', '404', '422']);
  });

  it('documents a 422 only where input can be refused: not for plain path ids, nor for a query that takes anything', () => {
    const document = generateOpenApi(routes, { version: 'test' }) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const statuses = (path: string, method: string) => Object.keys(document.paths[path]![method]!.responses);
    // Path ids that are any non-empty string; a storefront query whose junk is dropped, never refused (SPEC 8).
    expect(statuses('/v2/ecommerceSubscriptions/{id}', 'get')).not.toContain('422');
    expect(statuses('/v2/journeyTemplates/{slug}/frontend', 'get')).not.toContain('422');
    // A path id with a length limit, a constrained query, a body: each can be refused.
    expect(statuses('/v2/webhooks/{id}', 'get')).toContain('422');
    expect(statuses('/v2/webhooks/{id}/deliveries', 'get')).toContain('422');
    expect(statuses('/v2/webhooks', 'post')).toContain('422');
  });

  it('every operationId is unique', () => {
    const ids = routes.map((route) => route.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
