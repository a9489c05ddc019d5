import { err, ok, type Result } from 'neverthrow';
import type { z } from 'zod';
import { type DomainError, invalidField } from './errors';

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) return 'is required';
  if (issue.code === 'unrecognized_keys') return `has unknown keys: ${issue.keys.join(', ')}`;
  return `is invalid: ${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1)}`;
}

/**
 * Validates a value with a zod schema, turning the first issue into `INVALID_FIELD` naming the
 * field. Below both the kernel and the use cases: a host call validates its input the way a
 * route validates a body.
 *
 * @example
 * validate(z.object({ url: z.string() }), body, 'body')
 */
export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: string,
): Result<z.output<S>, DomainError> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0]!;
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : where;
  if (issue.code === 'custom' && issue.path.length > 0) return err(invalidField(field, issue.message));
  return err(invalidField(field, describeIssue(issue)));
}
