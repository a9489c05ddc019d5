import { testService } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import { eventDictionary } from './event-dictionary';

const service = testService();
const routeNames = new Set(service.routes.map((route) => `${route.method} ${route.path}`));
const route = /^(GET|POST|PUT|PATCH|DELETE) (\/\S*)$/;

describe('6.1 every event of the dictionary names what really emits it', () => {
  it.each(eventDictionary.map((event) => [event.name, event.emittedBy, event.visibility] as const))(
    '%s: %s',
    (_name, emittedBy, visibility) => {
      if (emittedBy.startsWith('commerce.')) {
        const call = emittedBy.slice('commerce.'.length);
        expect(Object.keys(service.commerce)).toContain(call);
        expect(typeof service.commerce[call as keyof typeof service.commerce]).toBe('function');
      } else if (route.test(emittedBy)) {
        expect([...routeNames]).toContain(emittedBy);
      } else {
        expect([emittedBy, visibility]).toEqual(['internal', 'internal']);
      }
    },
  );

  it('names the generic commerce.emit for no event: each has a call or route of its own', () => {
    expect(eventDictionary.filter((event) => event.emittedBy === 'commerce.emit')).toEqual([]);
  });
});
