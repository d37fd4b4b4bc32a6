// A file as it arrived in a multipart upload, before any check.
export interface UploadedFile {
  bytes: Buffer;
  /** True when the file went past the size limit (the bytes are incomplete). */
  truncated: boolean;
}
