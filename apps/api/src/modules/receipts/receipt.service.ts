// ReceiptService: receipt file storage, upload checks and signed links (docs/api.md §1.8, §4.9).
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { expenseOfReceipt, receiptKeysOfGroup } from './receipts.repository.js';
import {
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from '../../errors/app-errors.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { canSeeExpense } from '../expenses/index.js';
import { sniffReceiptFile } from '@evenly/receipts';
import type { SniffedFile } from '@evenly/receipts';
import { RECEIPT_KEY_PATTERN, createReceiptStorage } from './storage.js';
import type { ReceiptStorage } from './storage.js';
import type { UploadedFile } from './uploaded-file.js';

export const MAX_RECEIPT_BYTES = 10 * 1024 * 1024;
export const FILE_TOO_LARGE = 'The file is too large. The maximum size is 10 MB.';
export const NOT_A_RECEIPT = 'Please upload an image or PDF receipt.';
export const LINK_INVALID = 'This receipt link is invalid or has expired.';
export const RECEIPT_NOT_FOUND = 'Receipt not found.';
/** Signed links are valid 1 hour; S3 presigned redirects 5 minutes. */
export const LINK_TTL_SECONDS = 3600;
export const PRESIGN_TTL_SECONDS = 300;

/** An uploaded file as read from the request (possibly cut at the size limit). */

export interface CheckedReceipt {
  bytes: Buffer;
  type: SniffedFile;
}

export type ReceiptFileResult =
  { kind: 'bytes'; bytes: Uint8Array; contentType: string } | { kind: 'redirect'; url: string };

export class ReceiptService {
  private storageInstance: ReceiptStorage | null = null;

  constructor(protected readonly deps: ServiceDeps) {}

  get storage(): ReceiptStorage {
    if (this.storageInstance === null) {
      this.storageInstance = createReceiptStorage(this.deps.config);
    }
    return this.storageInstance;
  }

  /** §1.8: 413 for a file past 10 MB, 415 for anything but an image or PDF. */
  checkUpload(file: UploadedFile): CheckedReceipt {
    if (file.truncated || file.bytes.length > MAX_RECEIPT_BYTES) {
      throw new PayloadTooLargeError(FILE_TOO_LARGE);
    }
    const type = sniffReceiptFile(file.bytes);
    if (type === null) throw new UnsupportedMediaTypeError(NOT_A_RECEIPT);
    return { bytes: file.bytes, type };
  }

  /** Stores a checked file under a new key; returns the key and content type. */
  async store(receipt: CheckedReceipt): Promise<{ key: string; contentType: string }> {
    const key = `${randomUUID()}.${receipt.type.extension}`;
    await this.storage.put(key, receipt.bytes, receipt.type.contentType);
    return { key, contentType: receipt.type.contentType };
  }

  /** Best-effort removal (a leftover file is harmless; a failed request must not 500 for it). */
  async deleteFiles(keys: readonly (string | null)[]): Promise<void> {
    for (const key of keys) {
      if (key === null) continue;
      try {
        await this.storage.delete(key);
      } catch (e) {
        this.deps.logger.warn({ err: e, key }, 'could not delete receipt file');
      }
    }
  }

  /** Receipt keys of every expense of a group (read them before deleting the group's rows). */
  receiptKeysOfGroup(db: Db, groupId: number): Promise<string[]> {
    return receiptKeysOfGroup(db, groupId);
  }

  /** Deletes the receipt files of a group's expenses; call before deleting the group's rows. */
  async deleteFilesOfGroup(groupId: number, db: Db = this.deps.db): Promise<void> {
    await this.deleteFiles(await this.receiptKeysOfGroup(db, groupId));
  }

  private signature(key: string, uid: number, exp: number): string {
    return createHmac('sha256', this.deps.signingSecret)
      .update(`receipt\n${key}\n${uid}\n${exp}`)
      .digest('base64url');
  }

  /**
   * Absolute signed link to GET /api/receipts/files/{key} for user `uid`, valid 1 hour;
   * `origin` is the scheme and host, the path prefix (BASE_PATH) is added here.
   */
  signedUrl(origin: string, key: string, uid: number, now: number = Date.now()): string {
    const exp = Math.floor(now / 1000) + LINK_TTL_SECONDS;
    const sig = this.signature(key, uid, exp);
    return `${origin}${this.deps.config.basePath}/api/receipts/files/${encodeURIComponent(key)}?uid=${uid}&exp=${exp}&sig=${sig}`;
  }

  /** Checks a signed link and returns the file (local) or a presigned redirect (S3). */
  async openFile(query: {
    key: string;
    uid: string | undefined;
    exp: string | undefined;
    sig: string | undefined;
  }): Promise<ReceiptFileResult> {
    const { key, uid, exp, sig } = query;
    if (
      uid === undefined ||
      exp === undefined ||
      sig === undefined ||
      !/^[1-9][0-9]{0,15}$/.test(uid) ||
      !/^[0-9]{1,12}$/.test(exp) ||
      !RECEIPT_KEY_PATTERN.test(key)
    ) {
      throw new ForbiddenError(LINK_INVALID);
    }
    const userId = Number(uid);
    const expiry = Number(exp);
    const expected = Buffer.from(this.signature(key, userId, expiry));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new ForbiddenError(LINK_INVALID);
    }
    if (expiry * 1000 < Date.now()) throw new ForbiddenError(LINK_INVALID);

    const db = this.deps.db;
    const expense = await expenseOfReceipt(db, key);
    if (expense === undefined) throw new NotFoundError(RECEIPT_NOT_FOUND);
    if (!(await canSeeExpense(db, expense, userId))) throw new ForbiddenError(LINK_INVALID);

    const storage = this.storage;
    if (storage.kind === 's3') {
      const url = await storage.presignedGetUrl(key, PRESIGN_TTL_SECONDS);
      if (url === null) throw new NotFoundError(RECEIPT_NOT_FOUND);
      return { kind: 'redirect', url };
    }
    const bytes = await storage.get(key);
    if (bytes === null) throw new NotFoundError(RECEIPT_NOT_FOUND);
    return {
      kind: 'bytes',
      bytes,
      contentType: expense.contentType ?? 'application/octet-stream',
    };
  }
}
