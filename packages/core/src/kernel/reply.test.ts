import { describe, expect, it } from 'vitest';
import { jsonResponse, responseText } from './reply';

describe('responseText', () => {
  it('gives the JSON text of a kernel answer while its body is unread', async () => {
    const response = jsonResponse(200, { success: true, data: { id: 'sub_1' } });
    expect(responseText(response)).toBe('{"success":true,"data":{"id":"sub_1"}}');
    await response.text();
    expect(responseText(response)).toBeUndefined();
  });

  it('gives nothing for a response it did not build', () => {
    expect(responseText(new Response('id,amount\n'))).toBeUndefined();
    expect(responseText(jsonResponse(204, undefined))).toBeUndefined();
  });
});
