import type { CaseRequestType, CaseRequestTypeField, CaseStatusCategory } from './case-system';

/** A request type with its fields, as a test or the demo seeds it into a case system. */
export interface CaseRequestTypeSeed extends CaseRequestType {
  readonly fields: readonly CaseRequestTypeField[];
}

/** A transition out of a status, leading to the status named `to`. */
export interface CaseTransitionSeed {
  readonly id: string;
  readonly name: string;
  readonly to: string;
}

/**
 * The statuses a request moves through and the transitions between them.
 *
 * @example
 * const workflow: CaseWorkflow = { initialStatus: 'Open', statuses: { Open: { category: 'NEW', transitions: [] } } };
 */
export interface CaseWorkflow {
  readonly initialStatus: string;
  readonly statuses: Readonly<
    Record<
      string,
      { readonly category: CaseStatusCategory; readonly transitions: readonly CaseTransitionSeed[] }
    >
  >;
}

/**
 * What a sandbox or fake case system starts with. The same seed drives the sandbox and the fake
 * JSM server, so one contract suite checks both against the same fixture.
 */
export interface CaseSystemSeed {
  readonly requestTypes: readonly CaseRequestTypeSeed[];
  readonly workflow?: CaseWorkflow;
}

/**
 * A workflow like JSM's default service-request one: a new request waits for support, can wait
 * for the customer, and is resolved or reopened.
 *
 * @example
 * sandboxCaseSystem({ workflow: defaultCaseWorkflow });
 */
export const defaultCaseWorkflow: CaseWorkflow = {
  initialStatus: 'Waiting for support',
  statuses: {
    'Waiting for support': {
      category: 'NEW',
      transitions: [
        { id: '11', name: 'Wait for customer', to: 'Waiting for customer' },
        { id: '21', name: 'Resolve this issue', to: 'Resolved' },
      ],
    },
    'Waiting for customer': {
      category: 'INDETERMINATE',
      transitions: [
        { id: '31', name: 'Respond to support', to: 'Waiting for support' },
        { id: '21', name: 'Resolve this issue', to: 'Resolved' },
      ],
    },
    Resolved: {
      category: 'DONE',
      transitions: [{ id: '41', name: 'Reopen', to: 'Waiting for support' }],
    },
  },
};

/**
 * Checks that every transition leads to a declared status; a broken seed is a programmer error.
 *
 * @example
 * assertWorkflow(defaultCaseWorkflow, '@affiliate-commerce/core');
 */
export function assertWorkflow(workflow: CaseWorkflow, owner: string): void {
  const statuses = workflow.statuses;
  if (!Object.hasOwn(statuses, workflow.initialStatus)) {
    throw new TypeError(
      `${owner}: workflow initialStatus "${workflow.initialStatus}" is not a declared status`,
    );
  }
  for (const [name, status] of Object.entries(statuses)) {
    for (const transition of status.transitions) {
      if (!Object.hasOwn(statuses, transition.to)) {
        throw new TypeError(
          `${owner}: transition ${transition.id} of "${name}" leads to undeclared "${transition.to}"`,
        );
      }
    }
  }
}

/**
 * The reason a set of field values would be refused, or undefined when it is acceptable: every
 * required field has a value and no value names a field the request type does not have. Both
 * the sandbox and the fake JSM server apply it, as JSM does on create.
 *
 * @example
 * fieldValuesProblem(requestType.fields, { summary: '' }) // 'misses the required field summary'
 */
export function fieldValuesProblem(
  fields: readonly CaseRequestTypeField[],
  values: Readonly<Record<string, unknown>>,
): string | undefined {
  const known = new Set(fields.map((field) => field.fieldId));
  const unknown = Object.keys(values).find((fieldId) => !known.has(fieldId));
  if (unknown !== undefined) return `names the field ${unknown}, which this request type does not have`;
  const missing = fields.find((field) => field.required && isEmptyValue(values[field.fieldId]));
  if (missing) return `misses the required field ${missing.fieldId}`;
  return undefined;
}

function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}
