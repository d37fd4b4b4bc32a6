// Group request bodies (docs/api.md §4.3): create, patch, add members.
import type { Message } from '../message.js';
import { DEFAULT_CURRENCY } from '../balances.js';
import { readCurrencyCode, readOptionalCurrency } from './currency.js';
import {
  isBlank,
  MSG_INVALID_EMAIL,
  readEmailAddress,
  readOptionalBoolean,
  readRequiredText,
  toId,
} from './fields.js';
import {
  coverEmojiError,
  isGroupCoverColor,
  MSG_COVER_COLOR,
  MSG_COVER_EMOJI,
} from '../group-cover.js';
import { asRecord, fieldError, fieldOk, IssueCollector, schemaFromValidator } from './issues.js';
import type { FieldRead, ValidationResult } from './issues.js';

export const MAX_MEMBER_IDS = 50;

export const GROUP_MESSAGES = {
  nameEmpty: /*i18n*/ { id: 'group.nameEmpty', message: 'Group name cannot be empty.' },
  nameTooLong: /*i18n*/ {
    id: 'group.nameTooLong',
    message: 'Group name must be at most 100 characters.',
  },
  simplifyDebts: /*i18n*/ {
    id: 'group.simplifyDebts',
    message: 'simplifyDebts must be true or false.',
  },
  noMembers: /*i18n*/ {
    id: 'group.noMembers',
    message: 'Please select at least one friend from the list.',
  },
  bothMemberFields: /*i18n*/ {
    id: 'group.bothMemberFields',
    message: 'Send either memberEmail or memberIds, not both.',
  },
  tooManyMembers: /*i18n*/ {
    id: 'group.tooManyMembers',
    message: 'You can add at most {MAX_MEMBER_IDS} people at once.',
    values: { MAX_MEMBER_IDS },
  },
  invalidEmail: MSG_INVALID_EMAIL,
} as const;

function readGroupName(input: unknown) {
  return readRequiredText(input, 100, GROUP_MESSAGES.nameEmpty, GROUP_MESSAGES.nameTooLong);
}

export type CurrencyMode = 'CONVERT' | 'SEPARATE';
export const MSG_CURRENCY_MODE: Message = /*i18n*/ {
  id: 'group.currencyMode',
  message: 'Currency mode must be CONVERT or SEPARATE.',
};

/** CONVERT (default): entries in other currencies are converted; SEPARATE: kept apart. */
function readCurrencyMode(input: unknown): FieldRead<CurrencyMode | null> {
  if (isBlank(input)) return fieldOk(null);
  const text = typeof input === 'string' ? input.trim().toUpperCase() : '';
  return text === 'CONVERT' || text === 'SEPARATE' ? fieldOk(text) : fieldError(MSG_CURRENCY_MODE);
}

export interface GroupCreateInput {
  readonly name: string;
  readonly defaultCurrency: string;
  readonly simplifyDebts: boolean;
  readonly currencyMode: CurrencyMode;
}

export function validateGroupCreate(input: unknown): ValidationResult<GroupCreateInput> {
  const body = asRecord(input);
  const c = new IssueCollector();
  const name = c.take(['name'], readGroupName(body.name));
  const currency = c.take(['defaultCurrency'], readOptionalCurrency(body.defaultCurrency));
  const simplifyDebts = c.take(
    ['simplifyDebts'],
    readOptionalBoolean(body.simplifyDebts, false, GROUP_MESSAGES.simplifyDebts),
  );
  const currencyMode = c.take(['currencyMode'], readCurrencyMode(body.currencyMode));
  return c.result(() => ({
    name: name ?? '',
    defaultCurrency: currency ?? DEFAULT_CURRENCY,
    simplifyDebts: simplifyDebts ?? false,
    currencyMode: currencyMode ?? 'CONVERT',
  }));
}

export const groupCreateSchema = schemaFromValidator(validateGroupCreate);

/** Only the fields present (non-null) in the request. */
export interface GroupPatchInput {
  name?: string;
  simplifyDebts?: boolean;
  defaultCurrency?: string;
  currencyMode?: CurrencyMode;
  /** One emoji; null clears it. */
  coverEmoji?: string | null;
  /** One of GROUP_COVER_COLORS; null clears it. */
  coverColor?: string | null;
}

function readCoverEmoji(input: unknown): FieldRead<string | null> {
  if (isBlank(input)) return fieldOk(null);
  if (typeof input !== 'string') return fieldError(MSG_COVER_EMOJI);
  const text = input.trim();
  const error = coverEmojiError(text);
  return error === null ? fieldOk(text) : fieldError(error);
}

function readCoverColor(input: unknown): FieldRead<string | null> {
  if (input === null) return fieldOk(null);
  return isGroupCoverColor(input) ? fieldOk(input) : fieldError(MSG_COVER_COLOR);
}

export function validateGroupPatch(input: unknown): ValidationResult<GroupPatchInput> {
  const body = asRecord(input);
  const c = new IssueCollector();
  const patch: GroupPatchInput = {};
  if ('name' in body) {
    const name = c.take(['name'], readGroupName(body.name));
    if (name !== undefined) patch.name = name;
  }
  if (body.simplifyDebts !== undefined && body.simplifyDebts !== null) {
    const v = c.take(
      ['simplifyDebts'],
      readOptionalBoolean(body.simplifyDebts, false, GROUP_MESSAGES.simplifyDebts),
    );
    if (v !== undefined) patch.simplifyDebts = v;
  }
  if (!isBlank(body.defaultCurrency)) {
    const v = c.take(['defaultCurrency'], readCurrencyCode(body.defaultCurrency));
    if (v !== undefined) patch.defaultCurrency = v;
  }
  const mode = c.take(['currencyMode'], readCurrencyMode(body.currencyMode));
  if (mode !== undefined && mode !== null) patch.currencyMode = mode;
  if (body.coverEmoji !== undefined) {
    const v = c.take(['coverEmoji'], readCoverEmoji(body.coverEmoji));
    if (v !== undefined) patch.coverEmoji = v;
  }
  if (body.coverColor !== undefined) {
    const v = c.take(['coverColor'], readCoverColor(body.coverColor));
    if (v !== undefined) patch.coverColor = v;
  }
  return c.result(() => patch);
}

export const groupPatchSchema = schemaFromValidator(validateGroupPatch);

export type AddMembersInput =
  | { readonly kind: 'ids'; readonly memberIds: number[] }
  | { readonly kind: 'email'; readonly memberEmail: string };

export function validateAddMembers(input: unknown): ValidationResult<AddMembersInput> {
  const body = asRecord(input);
  const c = new IssueCollector();
  const rawIds = body.memberIds;
  const hasIds = Array.isArray(rawIds)
    ? rawIds.length > 0
    : rawIds !== undefined && rawIds !== null;
  const hasEmail = !isBlank(body.memberEmail);

  if (hasIds && hasEmail) {
    c.add([], GROUP_MESSAGES.bothMemberFields);
    return c.result((): AddMembersInput => ({ kind: 'ids', memberIds: [] }));
  }
  if (hasEmail) {
    const email = c.take(['memberEmail'], readEmailAddress(body.memberEmail));
    return c.result((): AddMembersInput => ({ kind: 'email', memberEmail: email ?? '' }));
  }
  if (!hasIds || !Array.isArray(rawIds)) {
    c.add(hasIds ? ['memberIds'] : [], GROUP_MESSAGES.noMembers);
    return c.result((): AddMembersInput => ({ kind: 'ids', memberIds: [] }));
  }
  if (rawIds.length > MAX_MEMBER_IDS) {
    c.add(['memberIds'], GROUP_MESSAGES.tooManyMembers);
  }
  const ids: number[] = [];
  rawIds.forEach((raw: unknown, i) => {
    const id = toId(raw);
    if (id === null) c.add(['memberIds', i], GROUP_MESSAGES.noMembers);
    else if (!ids.includes(id)) ids.push(id);
  });
  return c.result((): AddMembersInput => ({ kind: 'ids', memberIds: ids }));
}

export const addMembersSchema = schemaFromValidator(validateAddMembers);
