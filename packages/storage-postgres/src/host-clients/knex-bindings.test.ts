import { describe, expect, it } from 'vitest';
import { knexStatement } from './knex-bindings';

describe('knexStatement', () => {
  it('turns $n into ? with the values in the order they are used', () => {
    expect(knexStatement('select $2, $1, $2', ['a', 'b'])).toEqual({
      sql: 'select ?, ?, ?',
      bindings: ['b', 'a', 'b'],
    });
  });

  it('escapes the SQL’s own question marks, in operators, literals and comments', () => {
    expect(knexStatement(`select doc ?| $1, doc ?& $1, doc ? 'a?' -- ?\n`, [['a']]).sql).toBe(
      `select doc \\?| ?, doc \\?& ?, doc \\? 'a\\?' -- \\?\n`,
    );
  });

  it('leaves $n alone in literals, quoted identifiers, comments, dollar quotes and identifiers', () => {
    const text = `select 'it''s $1', E'\\'$1', "col$1", $body$ $1 $body$, $$ $1 $$, a$1 /* $1 /* $1 */ $1 */ -- $1\n, $1`;
    expect(knexStatement(text, [7])).toEqual({ sql: text.replace(/\$1$/, '?'), bindings: [7] });
  });

  it('binds undefined as null, as pg sends it', () => {
    expect(knexStatement('select $1', [undefined]).bindings).toEqual([null]);
  });

  it('refuses what knex cannot send: a parameter with no value, a backslash before ?', () => {
    expect(() => knexStatement('select $2', [1])).toThrow(TypeError);
    expect(() => knexStatement("select E'\\\\?'", [])).toThrow(TypeError);
  });
});
