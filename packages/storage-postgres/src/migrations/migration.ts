/** One versioned migration; `{s}` in its SQL stands for the quoted schema. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}
