/**
 * Writes the portal's API types (packages/portal/src/app/api-types.generated.ts) from
 * docs/openapi.json: every component schema, and for every operation its path and query
 * parameters, its JSON body and the `data` of its success answer. A route added to the API is
 * picked up by running `npm run openapi`, then this. `--check` fails when the file is stale.
 * Usage: npm run portal-types [-- --check]
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A JSON Schema as docs/openapi.json holds one (the keywords the generator reads). */
export interface JsonSchema {
  readonly $ref?: string;
  readonly $defs?: Readonly<Record<string, JsonSchema>>;
  readonly type?: string | readonly string[];
  readonly const?: unknown;
  readonly enum?: readonly unknown[];
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
  readonly items?: JsonSchema;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | JsonSchema;
  readonly description?: string;
}

interface Parameter {
  readonly name: string;
  readonly in: string;
  readonly required?: boolean;
  readonly description?: string;
  readonly schema?: JsonSchema;
}

interface Operation {
  readonly operationId?: string;
  readonly summary?: string;
  readonly parameters?: readonly Parameter[];
  readonly requestBody?: { readonly content?: Record<string, { readonly schema?: JsonSchema }> };
  readonly responses?: Record<
    string,
    { readonly content?: Record<string, { readonly schema?: JsonSchema }> }
  >;
}

/** The parts of an OpenAPI document the generator reads. */
export interface OpenApiDocument {
  readonly components?: { readonly schemas?: Readonly<Record<string, JsonSchema>> };
  readonly paths?: Readonly<Record<string, Readonly<Record<string, Operation>>>>;
}

export const openApiFile = fileURLToPath(new URL('../docs/openapi.json', import.meta.url));
export const generatedFile = fileURLToPath(
  new URL('../packages/portal/src/app/api-types.generated.ts', import.meta.url),
);

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

const identifier = /^[A-Za-z_$][\w$]*$/;
const key = (name: string) => (identifier.test(name) ? name : JSON.stringify(name));
const pascal = (name: string) =>
  name.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_, _s, c: string) => c.toUpperCase());
const doc = (text: string | undefined) =>
  text ? `/** ${text.replace(/\*\//g, '*\\/').replace(/\s+/g, ' ')} */\n` : '';

/** Where `$ref`s point: the document's schemas, or the `$defs` of the schema being written. */
interface Scope {
  readonly defs: ReadonlyMap<string, string>;
}

/** The TypeScript type of one schema, every property and array read-only. */
export function schemaType(
  schema: JsonSchema | boolean | undefined,
  scope: Scope = { defs: new Map() },
): string {
  if (schema === undefined || schema === true) return 'unknown';
  if (schema === false) return 'never';
  if (schema.$ref !== undefined) return refType(schema.$ref, scope);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map((member) => `(${schemaType(member, scope)})`).join(' | ');
  if (schema.allOf) return schema.allOf.map((member) => `(${schemaType(member, scope)})`).join(' & ');
  if (Array.isArray(schema.type)) {
    return schema.type.map((type: string) => `(${schemaType({ ...schema, type }, scope)})`).join(' | ');
  }
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      return `readonly (${schemaType(schema.items, scope)})[]`;
    case 'object':
      return objectType(schema, scope);
    default:
      return schema.properties ? objectType(schema, scope) : 'unknown';
  }
}

function refType(ref: string, scope: Scope): string {
  const component = /^#\/components\/schemas\/(.+)$/.exec(ref);
  if (component) return `Schemas[${JSON.stringify(component[1])}]`;
  const local = /^#\/\$defs\/(.+)$/.exec(ref);
  return (local && scope.defs.get(local[1]!)) ?? 'unknown';
}

function objectType(schema: JsonSchema, scope: Scope): string {
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties ?? {}).map(
    ([name, property]) =>
      `${doc(property.description)}readonly ${key(name)}${required.has(name) ? '' : '?'}: ${schemaType(property, scope)};`,
  );
  const extra = schema.additionalProperties;
  const index =
    extra === false || (extra === undefined && fields.length > 0)
      ? undefined
      : `{ readonly [key: string]: ${schemaType(extra, scope)} }`;
  if (fields.length === 0) return index ?? '{}';
  const object = `{\n${fields.join('\n')}\n}`;
  return index ? `${object} & ${index}` : object;
}

/** Every `$defs` entry inside `schema`, named after `prefix`; their types are written beside the schema's. */
function collectDefs(schema: JsonSchema | undefined, prefix: string): Map<string, string> {
  const defs = new Map<string, string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const name of Object.keys((value as JsonSchema).$defs ?? {}))
        defs.set(name, `${prefix}${pascal(name)}`);
      Object.values(value).forEach(visit);
    }
  };
  visit(schema);
  return defs;
}

function defTypes(schema: JsonSchema | undefined, scope: Scope, out: string[]): void {
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [name, def] of Object.entries((value as JsonSchema).$defs ?? {})) {
        out.push(`export type ${scope.defs.get(name)} = ${schemaType(def, scope)};`);
      }
      Object.values(value).forEach(visit);
    }
  };
  visit(schema);
}

const jsonSchemaOf = (content: Record<string, { readonly schema?: JsonSchema }> | undefined) =>
  content?.['application/json']?.schema;

function parametersType(operation: Operation, where: 'path' | 'query'): string {
  const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === where);
  if (parameters.length === 0) return '{}';
  const fields = parameters.map(
    (parameter) =>
      `${doc(parameter.description)}readonly ${key(parameter.name)}${parameter.required ? '' : '?'}: ${schemaType(parameter.schema)};`,
  );
  return `{\n${fields.join('\n')}\n}`;
}

/** One operation's entry, and the `$defs` types its schemas need. */
function operationEntry(path: string, method: string, operation: Operation, defs: string[]): string {
  const id = operation.operationId!;
  const success = Object.entries(operation.responses ?? {})
    .filter(([status]) => /^2\d\d$/.test(status))
    .map(([, response]) => jsonSchemaOf(response.content))
    .find((schema) => schema !== undefined);
  const body = jsonSchemaOf(operation.requestBody?.content);
  const scope = {
    defs: new Map([...collectDefs(success, pascal(id)), ...collectDefs(body, `${pascal(id)}Body`)]),
  };
  defTypes(success, scope, defs);
  defTypes(body, scope, defs);
  const data = success?.properties?.data;
  return `${doc(operation.summary)}readonly ${key(id)}: {
readonly method: ${JSON.stringify(method.toUpperCase())};
readonly path: ${JSON.stringify(path)};
readonly params: ${parametersType(operation, 'path')};
readonly query: ${parametersType(operation, 'query')};
/** The JSON body, \`never\` when the operation takes none. */
readonly body: ${body ? schemaType(body, scope) : 'never'};
/** The \`data\` of the success answer, \`never\` when it has no JSON answer. */
readonly data: ${data ? schemaType(data, scope) : success ? schemaType(success, scope) : 'never'};
};`;
}

/** The generated module's text, before formatting. */
export function generatePortalApiTypes(document: OpenApiDocument): string {
  const schemas = Object.entries(document.components?.schemas ?? {}).map(
    ([name, schema]) => `${doc(schema.description)}readonly ${key(name)}: ${schemaType(schema)};`,
  );
  const defs: string[] = [];
  const operations = Object.entries(document.paths ?? {})
    .flatMap(([path, item]) =>
      methods.flatMap((method) => {
        const operation = item[method];
        return operation?.operationId ? [{ path, method, operation }] : [];
      }),
    )
    .sort((a, b) => (a.operation.operationId! < b.operation.operationId! ? -1 : 1))
    .map(({ path, method, operation }) => operationEntry(path, method, operation, defs));
  return `// Generated from docs/openapi.json by \`npm run portal-types\`: do not edit by hand.

/** The API's named schemas (\`components.schemas\`). */
export interface Schemas {
${schemas.join('\n')}
}

/** Every operation of the API by its operationId: parameters, body and the answer's \`data\`. */
export interface Operations {
${operations.join('\n')}
}
${defs.length ? `\n${defs.join('\n')}\n` : ''}`;
}

/** Formats TypeScript the way the repository's formatter does (biome, its configuration). */
function format(source: string): string {
  const biome = fileURLToPath(new URL('../node_modules/.bin/biome', import.meta.url));
  return execFileSync(biome, ['format', `--stdin-file-path=${generatedFile}`], {
    input: source,
    encoding: 'utf8',
  });
}

/** The generated file's text as it should be on disk now. */
export function expectedPortalApiTypes(): string {
  const document = JSON.parse(readFileSync(openApiFile, 'utf8')) as OpenApiDocument;
  return format(generatePortalApiTypes(document));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const expected = expectedPortalApiTypes();
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(generatedFile, 'utf8');
    } catch {
      // A missing file is stale too.
    }
    if (current !== expected) {
      console.error(
        'packages/portal/src/app/api-types.generated.ts is stale: run `npm run portal-types` and commit the result.',
      );
      process.exit(1);
    }
    console.log('packages/portal/src/app/api-types.generated.ts is up to date.');
  } else {
    writeFileSync(generatedFile, expected);
    console.log(`wrote ${generatedFile}`);
  }
}
