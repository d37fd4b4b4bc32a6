// Splitwise CSV imports (issue #14).
import { api } from './client';
import type { components } from './generated/openapi';

export type ImportPreview = components['schemas']['SplitwiseImportPreview'];
export type ImportResult = components['schemas']['SplitwiseImportResult'];
export type ColumnMapping = components['schemas']['ImportColumnMapping'];

export function previewSplitwiseImport(file: File): Promise<ImportPreview> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api<ImportPreview>('/imports/splitwise/preview', {
    method: 'POST',
    form,
    defaultMessage: 'Could not read this file. Please try again.',
  });
}

export function importSplitwise(
  file: File,
  mapping: ColumnMapping[],
  groupName: string,
  idempotencyKey: string,
): Promise<ImportResult> {
  const form = new FormData();
  form.append('groupName', groupName);
  form.append('mapping', JSON.stringify(mapping));
  form.append('file', file, file.name);
  return api<ImportResult>('/imports/splitwise', {
    method: 'POST',
    form,
    idempotencyKey,
    defaultMessage: 'The import failed. Please try again.',
  });
}
