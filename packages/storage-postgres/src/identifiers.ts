/**
 * Quotes a schema name for SQL. Names are checked, not escaped, so nothing odd ever reaches SQL.
 *
 * @example
 * quoteSchema('affiliate_commerce') // '"affiliate_commerce"'
 */
export function quoteSchema(schema: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new TypeError(
      `@affiliate-commerce/storage-postgres: schema must be lower-case letters, digits and underscores; got ${JSON.stringify(schema)}`,
    );
  }
  return `"${schema}"`;
}

/** SQL with its schema filled in, per schema: stores are built again for every transaction. */
const filled = new Map<string, Map<string, string>>();

/** Replaces `{s}` in SQL with the quoted schema; each text is filled once per schema. */
export function withSchema(sql: string, schema: string): string {
  let forSchema = filled.get(schema);
  if (!forSchema) {
    forSchema = new Map();
    filled.set(schema, forSchema);
  }
  let text = forSchema.get(sql);
  if (text === undefined) {
    text = sql.replaceAll('{s}', quoteSchema(schema));
    forSchema.set(sql, text);
  }
  return text;
}
