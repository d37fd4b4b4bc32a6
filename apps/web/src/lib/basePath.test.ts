import { describe, expect, it } from 'vitest';
import { BASE_PATH, basePathOf } from './basePath';

describe('basePathOf', () => {
  it('is the base URL path without its trailing slash', () => {
    expect(basePathOf('https://x.example/')).toBe('');
    expect(basePathOf('https://x.example/evenly/')).toBe('/evenly');
    expect(basePathOf('http://127.0.0.1:8080/tools/evenly/')).toBe('/tools/evenly');
  });

  it('is empty with neither a page nor a worker (the tests, at the root)', () => {
    expect(BASE_PATH).toBe('');
  });
});
