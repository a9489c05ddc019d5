import { describe, expect, it } from 'vitest';
import { fakeWindow } from './fake-window.test-support';
import { persistentVisitor, visitorKey } from './visitor';

describe('persistentVisitor', () => {
  it('2.8 visitor_id: a first visit makes an id, stores it in a cookie and localStorage, and says first', () => {
    const win = fakeWindow();
    const visitor = persistentVisitor(win);
    expect(visitor).toEqual({ id: '00000000-0000-4000-8000-000000000001', track: 'first' });
    expect(win.jar.get(visitorKey)).toBe(visitor.id);
    expect(win.storage.get(visitorKey)).toBe(visitor.id);
    expect(win.cookieWrites[0]).toBe(
      `${visitorKey}=${visitor.id};path=/;max-age=34560000;samesite=lax;secure`,
    );
  });

  it('4.9 track: a later visit finds the id and says repeat, refreshing both copies', () => {
    const first = fakeWindow();
    const { id } = persistentVisitor(first);
    const again = fakeWindow({ storage: first.storage }, first.jar);
    expect(persistentVisitor(again)).toEqual({ id, track: 'repeat' });
    expect(again.cookieWrites).toHaveLength(1);
  });

  it('2.8 visitor_id: either copy alone keeps the visitor', () => {
    const first = fakeWindow();
    const { id } = persistentVisitor(first);
    expect(persistentVisitor(fakeWindow({ storage: first.storage })).id).toBe(id);
    expect(persistentVisitor(fakeWindow({}, first.jar)).id).toBe(id);
  });

  it('2.8 visitor_id: a malformed stored id is replaced', () => {
    const win = fakeWindow({ cookies: { [visitorKey]: 'x' } });
    expect(persistentVisitor(win).track).toBe('first');
    expect(win.jar.get(visitorKey)).toBe('00000000-0000-4000-8000-000000000001');
  });

  it('2.8 visitor_id: blocked localStorage is skipped; the cookie still carries the visitor', () => {
    const win = fakeWindow({ storageThrows: true });
    const { id } = persistentVisitor(win);
    expect(persistentVisitor(fakeWindow({ storageThrows: true }, win.jar))).toEqual({ id, track: 'repeat' });
  });

  it('2.8 visitor_id: no secure flag on a plain http page, where the browser would refuse the cookie', () => {
    const win = fakeWindow({ href: 'http://127.0.0.1:8080/start' });
    persistentVisitor(win);
    expect(win.cookieWrites[0]).not.toContain('secure');
  });
});
