import { describe, expect, it } from 'vitest';
import { commentSchema } from './comment.js';

describe('commentSchema', () => {
  it('trims and limits', () => {
    expect(commentSchema.parse({ content: '  Thanks! ' })).toEqual({ content: 'Thanks!' });
    expect(commentSchema.safeParse({ content: '  ' }).error?.issues[0]?.message).toBe(
      'Comment cannot be empty.',
    );
    expect(commentSchema.safeParse({}).error?.issues[0]?.message).toBe('Comment cannot be empty.');
    expect(commentSchema.safeParse({ content: 'x'.repeat(2001) }).error?.issues[0]?.message).toBe(
      'Comment must be at most 2000 characters.',
    );
    expect(commentSchema.safeParse({ content: 'x'.repeat(2000) }).success).toBe(true);
  });
});
