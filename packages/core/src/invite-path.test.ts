import { describe, expect, it } from 'vitest';
import { invitePath } from './invite-path.js';

describe('invitePath', () => {
  it('keeps a group invite path and a friend link path', () => {
    expect(invitePath('/join/AbC-_9xYz012')).toBe('/join/AbC-_9xYz012');
    expect(invitePath('/add-friend/AbC-_9xYz012')).toBe('/add-friend/AbC-_9xYz012');
  });

  it('refuses everything else, above all a way off the site', () => {
    for (const value of [
      null,
      undefined,
      '',
      'https://evil.example/join/AbC-_9xYz012',
      '//evil.example/join/AbC-_9xYz012',
      '/\\evil.example',
      '/join/short',
      '/join/AbC-_9xYz012/more',
      '/join/AbC-_9xYz012?next=https://evil.example',
      '/join/AbC-_9xYz012#x',
      '/join/%2F%2Fevil.example',
      '/join/<script>alert(1)</script>',
      '/app/groups',
      `/join/${'a'.repeat(201)}`,
      ' /join/AbC-_9xYz012',
    ]) {
      expect(invitePath(value)).toBeNull();
    }
  });
});
