// Readable lines on a terminal, JSON anywhere else, unless LOG_FORMAT says otherwise.
import { describe, expect, it } from 'vitest';
import { resolveLogFormat } from './log-format.js';

describe('log format', () => {
  it('follows the terminal unless LOG_FORMAT is set', () => {
    expect(resolveLogFormat(null, true)).toBe('pretty');
    expect(resolveLogFormat(null, false)).toBe('json');
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
  });
});
