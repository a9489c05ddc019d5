import type { CaseSystemSeed } from '@affiliate-commerce/core/sandbox';

/**
 * The request types every test service's sandbox case system starts with: an order problem
 * with required, defaulted (order and patient variables), select and number fields; a general
 * question; and a feedback type with no fields.
 *
 * @example
 * sandboxCaseSystem({ ...supportFixtureSeed, clock });
 */
export const supportFixtureSeed: CaseSystemSeed = {
  requestTypes: [
    {
      id: '10',
      name: 'Order problem',
      description: 'Something is wrong with an order',
      fields: [
        { fieldId: 'summary', name: 'Summary', required: true, defaultValues: [], validValues: [] },
        { fieldId: 'description', name: 'Description', required: false, defaultValues: [], validValues: [] },
        {
          fieldId: 'customfield_10050',
          name: 'Order number',
          required: true,
          defaultValues: [{ value: '{{order.id}}', label: '{{order.id}}' }],
          validValues: [],
          schema: { type: 'string', custom: 'com.atlassian.jira.plugin.system.customfieldtypes:textfield' },
        },
        {
          fieldId: 'customfield_10060',
          name: 'Reason',
          required: false,
          defaultValues: [{ value: '10101', label: 'Late' }],
          validValues: [
            { value: '10100', label: 'Damaged' },
            { value: '10101', label: 'Late' },
          ],
          schema: { type: 'option', custom: 'com.atlassian.jira.plugin.system.customfieldtypes:select' },
        },
        {
          fieldId: 'customfield_10070',
          name: 'Patient reference',
          required: false,
          defaultValues: [{ value: 'patient {{patient.id}} / {{ patient.externalId }}', label: 'reference' }],
          validValues: [],
        },
        {
          fieldId: 'customfield_10080',
          name: 'Order total (cents)',
          required: false,
          defaultValues: [{ value: '{{order.totalCents}}', label: 'total' }],
          validValues: [],
          schema: { type: 'number', custom: 'com.atlassian.jira.plugin.system.customfieldtypes:float' },
        },
      ],
    },
    {
      id: '11',
      name: 'General question',
      helpText: 'Ask us anything',
      fields: [
        { fieldId: 'summary', name: 'Summary', required: true, defaultValues: [], validValues: [] },
        {
          fieldId: 'description',
          name: 'Description',
          required: false,
          defaultValues: [{ value: 'Sent through the affiliate API', label: 'default' }],
          validValues: [],
        },
      ],
    },
    { id: '12', name: 'Feedback', fields: [] },
  ],
};
