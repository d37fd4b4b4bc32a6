import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { ApiError } from '../api/client';
import { describeSubmitError, MSG_OFFLINE, MSG_UNREACHABLE } from './submitError';

// The texts are the messages' English (no catalog loaded: the source text is shown).
beforeAll(() => i18n.activate('en'));

describe('describeSubmitError', () => {
  it('says the browser is offline when a request got no answer without a connection', () => {
    expect(describeSubmitError(new ApiError('Failed to create expense', 0), false)).toEqual({
      message: MSG_OFFLINE,
      hint: 'Connect to the internet, then retry.',
      retryable: true,
    });
  });

  it('says the server could not be reached when there is a connection but no answer', () => {
    const problem = describeSubmitError(new ApiError('Failed to create expense', 0), true);
    expect(problem.message).toBe(MSG_UNREACHABLE);
    expect(problem.retryable).toBe(true);
  });

  it("takes a gateway's 5xx without the API's error body for an unreachable server", () => {
    const problem = describeSubmitError(new ApiError('Failed to record payment', 504), true);
    expect(problem).toEqual({
      message: MSG_UNREACHABLE,
      hint: 'Retry in a moment.',
      retryable: true,
    });
  });

  it("shows the API's own words, with Retry only where sending again can help", () => {
    const refused = new ApiError('Bea Costa is not a member of this group.', 400, 'VALIDATION');
    expect(describeSubmitError(refused, true)).toEqual({
      message: 'Bea Costa is not a member of this group.',
      hint: null,
      retryable: false,
    });
    const internal = new ApiError('Internal server error.', 500, 'INTERNAL');
    expect(describeSubmitError(internal, true)).toMatchObject({
      message: 'Internal server error.',
      retryable: true,
    });
    const limited = new ApiError('Too many requests.', 429, 'RATE_LIMITED');
    expect(describeSubmitError(limited, true).retryable).toBe(true);
    const running = new ApiError(
      'A request with this Idempotency-Key is already in progress.',
      409,
      'IDEMPOTENCY_CONFLICT',
    );
    expect(describeSubmitError(running, true).retryable).toBe(true);
    const different = new ApiError(
      'This Idempotency-Key was already used for a different request.',
      409,
      'IDEMPOTENCY_CONFLICT',
    );
    expect(describeSubmitError(different, true).retryable).toBe(false);
  });

  it('shows any other error by its message, without Retry', () => {
    expect(describeSubmitError(new Error('Boom'), true)).toEqual({
      message: 'Boom',
      hint: null,
      retryable: false,
    });
    expect(describeSubmitError('nothing', true).message).toBe('Something went wrong.');
  });
});
