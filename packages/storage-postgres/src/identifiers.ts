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

/** Replaces `{s}` in SQL with the quoted schema, once, when a store is built. */
export function withSchema(sql: string, schema: string): string {
  return sql.replaceAll('{s}', quoteSchema(schema));
}
