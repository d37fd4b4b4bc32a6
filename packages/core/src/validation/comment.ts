// Comment request body (docs/api.md §4.6).
import { readRequiredText } from './fields.js';
import { asRecord, IssueCollector, schemaFromValidator } from './issues.js';
import type { ValidationResult } from './issues.js';

export const COMMENT_MESSAGES = {
  empty: /*i18n*/ { id: 'comment.empty', message: 'Comment cannot be empty.' },
  tooLong: /*i18n*/ { id: 'comment.tooLong', message: 'Comment must be at most 2000 characters.' },
} as const;

export interface CommentInput {
  readonly content: string;
}

export function validateComment(input: unknown): ValidationResult<CommentInput> {
  const c = new IssueCollector();
  const content = c.take(
    ['content'],
    readRequiredText(
      asRecord(input).content,
      2000,
      COMMENT_MESSAGES.empty,
      COMMENT_MESSAGES.tooLong,
    ),
  );
  return c.result(() => ({ content: content ?? '' }));
}

export const commentSchema = schemaFromValidator(validateComment);
