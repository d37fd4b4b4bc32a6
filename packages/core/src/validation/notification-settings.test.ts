import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_KINDS,
  notificationSettingsUpdateSchema,
  withDefaultSettings,
} from './notification-settings.js';

describe('notification settings', () => {
  it('fills every kind with its default, in order', () => {
    const all = withDefaultSettings([{ kind: 'COMMENT', email: 'OFF', push: false }]);
    expect(all.map((s) => s.kind)).toEqual([...NOTIFICATION_KINDS]);
    expect(all.find((s) => s.kind === 'COMMENT')).toEqual({
      kind: 'COMMENT',
      email: 'OFF',
      push: false,
    });
    expect(all.find((s) => s.kind === 'REMINDER')).toEqual(DEFAULT_NOTIFICATION_SETTINGS.REMINDER);
  });

  it('rejects a kind given twice and unknown modes', () => {
    const twice = [
      { kind: 'EXPENSE', email: 'OFF', push: true },
      { kind: 'EXPENSE', email: 'DIGEST', push: true },
    ];
    expect(notificationSettingsUpdateSchema.safeParse(twice).success).toBe(false);
    expect(
      notificationSettingsUpdateSchema.safeParse([{ kind: 'EXPENSE', email: 'WEEKLY', push: true }])
        .success,
    ).toBe(false);
  });
});
