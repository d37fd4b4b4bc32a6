import { describe, expect, it } from 'vitest';
import { evenlyLinkPath, inviteTokenOf, safeNextPath } from './evenlyLinks';

const ORIGIN = 'https://evenly.example';

describe('evenlyLinkPath', () => {
  it('recognises friend and group links on this or any origin', () => {
    expect(evenlyLinkPath('https://evenly.example/add-friend/abcDEF123_-x', ORIGIN)).toBe(
      '/add-friend/abcDEF123_-x',
    );
    expect(evenlyLinkPath('  http://other.host:8080/join/abcdefgh12/  ', ORIGIN)).toBe(
      '/join/abcdefgh12',
    );
    expect(evenlyLinkPath('/join/abcdefgh12', ORIGIN)).toBe('/join/abcdefgh12');
    // A server under a path prefix (BASE_PATH).
    expect(evenlyLinkPath('https://evenly.example/tools/evenly/join/abcdefgh12', ORIGIN)).toBe(
      '/join/abcdefgh12',
    );
  });

  it('refuses anything else', () => {
    for (const text of [
      '',
      'hello',
      'join/abcdefgh12',
      'https://evenly.example/app/groups',
      'https://evenly.example/join/',
      'https://evenly.example/join/short',
      'https://evenly.example/join/abcdefgh12/extra',
      'javascript:alert(1)//join/abcdefgh12',
      'mailto:someone@example.com',
      'https://evenly.example/join/abc%2Fdefgh12',
    ]) {
      expect(evenlyLinkPath(text, ORIGIN), text).toBeNull();
    }
  });
});

describe('safeNextPath', () => {
  it('accepts same-origin paths only', () => {
    expect(safeNextPath('/join/abcdefgh12', ORIGIN)).toBe('/join/abcdefgh12');
    expect(safeNextPath('/app/groups?x=1#y', ORIGIN)).toBe('/app/groups?x=1#y');
    for (const next of [
      null,
      '',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'join/x',
    ]) {
      expect(safeNextPath(next, ORIGIN)).toBeNull();
    }
  });
});

describe('inviteTokenOf', () => {
  it('takes the token of an invite or friend link path', () => {
    expect(inviteTokenOf('/join/abc123')).toBe('abc123');
    expect(inviteTokenOf('/add-friend/xyz_9')).toBe('xyz_9');
    expect(inviteTokenOf('/app/groups')).toBeNull();
    expect(inviteTokenOf(null)).toBeNull();
  });
});
