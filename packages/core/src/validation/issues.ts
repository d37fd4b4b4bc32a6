// Validation results shared by the schemas: ordered issues with field paths, and a bridge to zod.
import { z } from 'zod';
import { messageText } from '../message.js';
import type { Message } from '../message.js';

export type IssuePath = (string | number)[];

/** A problem at a field: `message` is core's descriptor (the API sends its English). */
export interface ValidationIssue {
  readonly path: IssuePath;
  readonly message: Message;
}

export type ValidationResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly issues: ValidationIssue[] };

/** Result of reading one field: its normalised value or the message to report. */
export type FieldRead<T> = { ok: true; value: T } | { ok: false; message: Message };

export function fieldOk<T>(value: T): FieldRead<T> {
  return { ok: true, value };
}

export function fieldError<T = never>(message: Message): FieldRead<T> {
  return { ok: false, message };
}

/** Collects issues in the order they are found (the contract's order). */
export class IssueCollector {
  readonly issues: ValidationIssue[] = [];

  add(path: IssuePath, message: Message): void {
    this.issues.push({ path, message });
  }

  /** Records a failed read at `path`; returns the value, or `undefined` on failure. */
  take<T>(path: IssuePath, read: FieldRead<T>): T | undefined {
    if (read.ok) return read.value;
    this.add(path, read.message);
    return undefined;
  }

  get ok(): boolean {
    return this.issues.length === 0;
  }

  result<T>(value: () => T): ValidationResult<T> {
    return this.ok ? { ok: true, value: value() } : { ok: false, issues: this.issues };
  }
}

/** `['payers', 1, 'amountPaid']` → `payers[1].amountPaid`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}

/** Reads a request body as a record; anything else counts as an empty object. */
export function asRecord(input: unknown): Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : {};
}

/**
 * Wraps a validator as a zod schema: its issues become zod custom issues with the same paths and
 * order, and the parsed output is the validator's normalised value. Making one has no side
 * effect (the annotation says so to bundlers): a web page that imports a module's messages or
 * validator without its schema leaves zod out of its bundle.
 */
/* @__NO_SIDE_EFFECTS__ */
export function schemaFromValidator<T>(validate: (input: unknown) => ValidationResult<T>) {
  return z.unknown().transform((input, ctx): T => {
    const r = validate(input);
    if (r.ok) return r.value;
    for (const issue of r.issues) {
      // The server's edge: zod's issues, and so the API's bodies, carry the contract's English.
      ctx.addIssue({ code: 'custom', message: messageText(issue.message), path: issue.path });
    }
    return z.NEVER;
  });
}
