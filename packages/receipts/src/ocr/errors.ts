/**
 * Errors the scanner reports to its caller. Each has a literal `code` and HTTP `status` matching
 * docs/api.md (§1.6, §4.9), and a `message` that clients may show as is.
 */

export abstract class ReceiptScanError extends Error {
  abstract readonly code:
    'UNREADABLE_RECEIPT' | 'BUSY' | 'UNSUPPORTED_MEDIA_TYPE' | 'PAYLOAD_TOO_LARGE';
  abstract readonly status: 422 | 503 | 415 | 413;
}

/** 422: corrupt file, image beyond the pixel limit, engine failure or timeout, or no text found. */
export class UnreadableReceiptError extends ReceiptScanError {
  readonly code = 'UNREADABLE_RECEIPT' as const;
  readonly status = 422 as const;
  /** Internal reason, for logs only (never shown to clients). */
  readonly reason: string;
  constructor(reason = 'no text', options?: { cause?: unknown }) {
    super('Could not read any text from this receipt.', options);
    this.name = 'UnreadableReceiptError';
    this.reason = reason;
  }
}

/** 503: the scan queue is full; retry after `retryAfterSeconds`. */
export class ScannerBusyError extends ReceiptScanError {
  readonly code = 'BUSY' as const;
  readonly status = 503 as const;
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds = 5) {
    super('Receipt scanning is busy. Please try again in a moment.');
    this.name = 'ScannerBusyError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** 415: not a JPEG, PNG, WebP, HEIC/HEIF or PDF (by magic bytes). */
export class UnsupportedMediaTypeError extends ReceiptScanError {
  readonly code = 'UNSUPPORTED_MEDIA_TYPE' as const;
  readonly status = 415 as const;
  constructor() {
    super('Please upload an image or PDF receipt.');
    this.name = 'UnsupportedMediaTypeError';
  }
}

/** 413: the file is larger than the upload limit. */
export class PayloadTooLargeError extends ReceiptScanError {
  readonly code = 'PAYLOAD_TOO_LARGE' as const;
  readonly status = 413 as const;
  constructor() {
    super('The file is too large. The maximum size is 10 MB.');
    this.name = 'PayloadTooLargeError';
  }
}
