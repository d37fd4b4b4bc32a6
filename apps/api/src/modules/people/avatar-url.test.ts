import { describe, expect, it } from 'vitest';
import { AvatarLinks } from './avatar-url.js';

describe('AvatarLinks', () => {
  const links = new AvatarLinks('a-signing-secret-of-at-least-32-bytes!!');

  it('gives no link without a picture', () => {
    expect(links.url({ id: 5, avatarVersion: 3, hasAvatar: false })).toBeNull();
  });

  it('signs the user and version; a link verifies only for them', () => {
    const url = links.url({ id: 5, avatarVersion: 3, hasAvatar: true });
    expect(url).toMatch(/^\/api\/users\/5\/avatar\?v=3&sig=[\w-]{22}$/);
    const sig = new URL(url ?? '', 'http://x').searchParams.get('sig') ?? '';
    expect(links.verify(5, 3, sig)).toBe(true);
    expect(links.verify(5, 4, sig)).toBe(false);
    expect(links.verify(6, 3, sig)).toBe(false);
    expect(links.verify(5, 3, `${sig}x`)).toBe(false);
    expect(new AvatarLinks('another-signing-secret-of-32-bytes-long').verify(5, 3, sig)).toBe(
      false,
    );
  });

  it('puts the path prefix (BASE_PATH) before the link', () => {
    const prefixed = new AvatarLinks('a-signing-secret-of-at-least-32-bytes!!', '/evenly');
    expect(prefixed.url({ id: 5, avatarVersion: 3, hasAvatar: true })).toBe(
      `/evenly${links.url({ id: 5, avatarVersion: 3, hasAvatar: true }) ?? ''}`,
    );
  });
});
