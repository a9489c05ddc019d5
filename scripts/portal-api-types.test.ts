import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  expectedPortalApiTypes,
  generatedFile,
  generatePortalApiTypes,
  schemaType,
} from './portal-api-types';

/** The portal's API types are generated from docs/openapi.json, and the checked-in file is current. */

const root = join(import.meta.dirname, '..');

describe('portal API types', () => {
  it('api-types.generated.ts is what `npm run portal-types` writes from docs/openapi.json', () => {
    expect(
      readFileSync(generatedFile, 'utf8') === expectedPortalApiTypes(),
      'packages/portal/src/app/api-types.generated.ts is stale: run `npm run portal-types`',
    ).toBe(true);
  });

  it('`--check` passes on the current file', () => {
    const out = execFileSync(
      join(root, 'node_modules/.bin/tsx'),
      ['scripts/portal-api-types.ts', '--check'],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    expect(out).toContain('is up to date');
  });

  it('every operation of the document is there, new ones included, by operationId', () => {
    const document = JSON.parse(readFileSync(join(root, 'docs/openapi.json'), 'utf8'));
    const source = generatePortalApiTypes({
      ...document,
      paths: {
        ...document.paths,
        '/v2/things/{thingId}': {
          get: {
            operationId: 'getThing',
            parameters: [{ name: 'thingId', in: 'path', required: true, schema: { type: 'string' } }],
            responses: {
              '200': {
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: {
                        data: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    });
    expect(source).toContain('readonly getThing: {');
    expect(source).toContain('readonly path: "/v2/things/{thingId}"');
    for (const id of ['listWebhooks', 'getEvent', 'listWebhookDeliveryAttempts', 'getEventDictionary']) {
      expect(source).toContain(`readonly ${id}: {`);
    }
  });

  it('reads the schema keywords the document uses', () => {
    expect(schemaType({ type: ['string', 'null'] })).toBe('(string) | (null)');
    expect(schemaType({ enum: ['a', 'b'] })).toBe('"a" | "b"');
    expect(schemaType({ const: true })).toBe('true');
    expect(schemaType({ $ref: '#/components/schemas/Error' })).toBe('Schemas["Error"]');
    expect(schemaType({ type: 'array', items: { type: 'integer' } })).toBe('readonly (number)[]');
    expect(schemaType({ type: 'object', additionalProperties: { type: 'string' } })).toBe(
      '{ readonly [key: string]: string }',
    );
    expect(
      schemaType({
        type: 'object',
        properties: { id: { type: 'string' }, 'x-y': { type: 'boolean' } },
        required: ['id'],
        additionalProperties: false,
      }),
    ).toBe('{\nreadonly id: string;\nreadonly "x-y"?: boolean;\n}');
    expect(schemaType({ anyOf: [{ type: 'string' }, { type: 'number' }] })).toBe('(string) | (number)');
    expect(schemaType({ description: 'Any JSON value.' })).toBe('unknown');
  });
});
