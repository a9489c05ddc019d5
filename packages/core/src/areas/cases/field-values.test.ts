import { describe, expect, it } from 'vitest';
import type { SyncedField } from '../../storage/case-store';
import { defaultFieldValue, isBlank, planFieldValues } from './field-values';

const field = (overrides: Partial<SyncedField> & { externalSystemIdentifier: string }): SyncedField => ({
  name: overrides.externalSystemIdentifier,
  required: false,
  defaultValues: [],
  validValues: [],
  ...overrides,
});

const fields: SyncedField[] = [
  field({ externalSystemIdentifier: 'summary', name: 'Summary', required: true }),
  field({ externalSystemIdentifier: 'description' }),
  field({
    externalSystemIdentifier: 'priority',
    required: true,
    defaultValues: [{ value: '3', label: 'Medium' }],
    schema: { type: 'priority', system: 'priority' },
  }),
  field({ externalSystemIdentifier: 'customfield_1', name: 'Order number', required: true }),
];

describe('4.1 field values of a create call', () => {
  it('4.1 sends supplied values and the defaults of fields left out, nothing else', () => {
    const plan = planFieldValues(fields, {
      fields: { summary: 'Damaged', customfield_1: 'ord_1' },
    })._unsafeUnwrap();
    expect(plan).toEqual({
      requestFieldValues: { summary: 'Damaged', priority: { id: '3' }, customfield_1: 'ord_1' },
      missingRequiredFields: [],
    });
  });

  it('4.1 merges requestFieldValues with fields; requestFieldValues wins for the same field', () => {
    const plan = planFieldValues(fields, {
      fields: { summary: 'from fields', description: 'kept' },
      requestFieldValues: { summary: 'from requestFieldValues', customfield_1: 'ord_1' },
    })._unsafeUnwrap();
    expect(plan.requestFieldValues).toEqual({
      summary: 'from requestFieldValues',
      description: 'kept',
      priority: { id: '3' },
      customfield_1: 'ord_1',
    });
  });

  it('2.2 lists required fields with neither a value nor a default, by id and name', () => {
    const plan = planFieldValues(fields, {})._unsafeUnwrap();
    expect(plan.missingRequiredFields).toEqual([
      { externalSystemIdentifier: 'summary', name: 'Summary' },
      { externalSystemIdentifier: 'customfield_1', name: 'Order number' },
    ]);
    expect(plan.requestFieldValues).toEqual({ priority: { id: '3' } });
  });

  it('4.1 a supplied value hides the default; a blank one does not and is not sent', () => {
    expect(
      planFieldValues(fields, { fields: { priority: { id: '1' } } })._unsafeUnwrap().requestFieldValues,
    ).toMatchObject({
      priority: { id: '1' },
    });
    const blank = planFieldValues(fields, {
      fields: { priority: null, description: '  ', summary: [] },
    })._unsafeUnwrap();
    expect(blank.requestFieldValues).toEqual({ priority: { id: '3' } });
    expect(blank.missingRequiredFields.map((missing) => missing.externalSystemIdentifier)).toEqual([
      'summary',
      'customfield_1',
    ]);
  });

  it('4.1 refuses a key that is not a field of the request type, naming the map it came in', () => {
    expect(planFieldValues(fields, { fields: { nope: 1 } })._unsafeUnwrapErr()).toMatchObject({
      code: 'INVALID_FIELD',
      field: 'fields.nope',
    });
    expect(
      planFieldValues(fields, { requestFieldValues: JSON.parse('{"__proto__":1}') })._unsafeUnwrapErr(),
    ).toMatchObject({
      field: 'requestFieldValues.__proto__',
    });
  });

  it('4.1 a default the resolver refuses, or that resolves to blank text, counts as no default', () => {
    const templated = [
      field({
        externalSystemIdentifier: 'a',
        required: true,
        defaultValues: [{ value: '{{order.id}}', label: '' }],
      }),
      field({ externalSystemIdentifier: 'b', defaultValues: [{ value: '{{patient.id}}', label: '' }] }),
    ];
    const refused = planFieldValues(templated, {}, () => undefined)._unsafeUnwrap();
    expect(refused).toEqual({
      requestFieldValues: {},
      missingRequiredFields: [{ externalSystemIdentifier: 'a', name: 'a' }],
    });
    const empty = planFieldValues(templated, {}, (text) =>
      text.includes('patient') ? '' : 'ord_1',
    )._unsafeUnwrap();
    expect(empty.requestFieldValues).toEqual({ a: 'ord_1' });
  });
});

describe('defaults in the form the case system takes', () => {
  const resolve = (text: string) => text.replace('{{order.id}}', 'ord_9');
  it('text fields send the text, resolved', () => {
    expect(
      defaultFieldValue(
        field({ externalSystemIdentifier: 't', defaultValues: [{ value: 'Order {{order.id}}', label: '' }] }),
        resolve,
      ),
    ).toBe('Order ord_9');
  });
  it('selects send { id }; cascading selects add the child', () => {
    const select = field({
      externalSystemIdentifier: 's',
      defaultValues: [{ value: '10100', label: 'Damaged' }],
      schema: { type: 'option' },
    });
    expect(defaultFieldValue(select, resolve)).toEqual({ id: '10100' });
    const cascading = field({
      externalSystemIdentifier: 'c',
      defaultValues: [{ value: '1', label: 'Parent', children: [{ value: '2', label: 'Child' }] }],
      schema: { type: 'option-with-child' },
    });
    expect(defaultFieldValue(cascading, resolve)).toEqual({ id: '1', child: { id: '2' } });
  });
  it('multi-value fields send every default: option items as { id }, others as text', () => {
    const options = field({
      externalSystemIdentifier: 'm',
      defaultValues: [
        { value: '1', label: 'a' },
        { value: '2', label: 'b' },
      ],
      schema: { type: 'array', items: 'option' },
    });
    expect(defaultFieldValue(options, resolve)).toEqual([{ id: '1' }, { id: '2' }]);
    const labels = field({
      externalSystemIdentifier: 'l',
      defaultValues: [{ value: 'vip', label: 'vip' }],
      schema: { type: 'array', items: 'string' },
    });
    expect(defaultFieldValue(labels, resolve)).toEqual(['vip']);
    expect(defaultFieldValue(labels, () => undefined)).toBeUndefined();
  });
  it('number fields send a number when the text is one', () => {
    const number = field({
      externalSystemIdentifier: 'n',
      defaultValues: [{ value: '8500', label: '' }],
      schema: { type: 'number' },
    });
    expect(defaultFieldValue(number, (text) => text)).toBe(8500);
    expect(defaultFieldValue(number, () => 'n/a')).toBe('n/a');
  });
  it('a field without defaults has none', () => {
    expect(defaultFieldValue(field({ externalSystemIdentifier: 'x' }), resolve)).toBeUndefined();
  });
  it('isBlank: undefined, null, blank text and empty lists say nothing; 0, false and {} do', () => {
    expect([undefined, null, '', ' \t', []].map(isBlank)).toEqual([true, true, true, true, true]);
    expect([0, false, {}, 'x', [0]].map(isBlank)).toEqual([false, false, false, false, false]);
  });
});
