// The receipt file of an expense write: stored once however often the write's transaction runs.
import type { AppServices } from '../../composition/app-services.js';
import type { UploadedFile } from '../receipts/index.js';

/** The other modules' services this file uses (composition/app-services.ts). */
type Collaborators = Pick<AppServices, 'receipts'>;

/** A receipt file stored for a write (removed again only if the write certainly rolled back). */
export interface StoredFile {
  key: string;
  contentType: string;
}

/**
 * A request's receipt file, stored at most once however often the write runs, and removed again
 * only when the write that would refer to it certainly did not commit.
 */
export class FileOnce {
  private stored: StoredFile | null = null;

  constructor(
    private readonly services: Collaborators,
    private readonly file: UploadedFile | null,
  ) {}

  check(): void {
    if (this.file !== null) this.services.receipts.checkUpload(this.file);
  }

  async store(): Promise<StoredFile | null> {
    if (this.file === null) return null;
    this.stored ??= await this.services.receipts.store(
      this.services.receipts.checkUpload(this.file),
    );
    return this.stored;
  }

  async discard(): Promise<void> {
    if (this.stored === null) return;
    const key = this.stored.key;
    this.stored = null;
    await this.services.receipts.deleteFiles([key]);
  }
}
