import { describe, expect, it } from 'vitest';
import { appPath } from './push.service.js';

describe('appPath', () => {
  it('keeps an app path, and takes the app address (and its BASE_PATH) off a link', () => {
    expect(appPath('/app/group/3', 'https://x.example')).toBe('/app/group/3');
    expect(appPath('https://x.example/app/group/3?a=1#b', 'https://x.example')).toBe(
      '/app/group/3?a=1#b',
    );
    expect(appPath('https://x.example/evenly/app/group/3', 'https://x.example/evenly')).toBe(
      '/app/group/3',
    );
    expect(appPath('https://x.example/evenly', 'https://x.example/evenly')).toBe('/');
  });

  it('sends anything else to the app home', () => {
    expect(appPath('https://evil.example/app', 'https://x.example')).toBe('/app');
    expect(appPath('//evil.example/app', 'https://x.example')).toBe('/app');
    expect(appPath('https://x.example/other/app', 'https://x.example/evenly')).toBe('/app');
    expect(appPath('https://x.example/evenlyx/app', 'https://x.example/evenly')).toBe('/app');
  });
});
