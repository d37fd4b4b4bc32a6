// Group imports from Splitwise and the other apps (issues #14, #33 point 4).
import { api } from './client';
import type { components } from './generated/openapi';

export type ImportPreview = components['schemas']['SplitwiseImportPreview'];
export type ImportResult = components['schemas']['SplitwiseImportResult'];
export type ColumnMapping = components['schemas']['ImportColumnMapping'];
export type ImportFormat = components['schemas']['ImportFormat'];

/** The app a file comes from, or "auto" to let the server recognise it by its content. */
export type ImportSource = ImportFormat | 'auto';

export function previewImport(file: File, source: ImportSource): Promise<ImportPreview> {
  const form = new FormData();
  form.append('format', source);
  form.append('file', file, file.name);
  return api<ImportPreview>('/imports/preview', {
    method: 'POST',
    form,
    defaultMessage: 'Could not read this file. Please try again.',
  });
}

export function importGroup(
  file: File,
  source: ImportSource,
  mapping: ColumnMapping[],
  groupName: string,
  idempotencyKey: string,
): Promise<ImportResult> {
  const form = new FormData();
  form.append('format', source);
  form.append('groupName', groupName);
  form.append('mapping', JSON.stringify(mapping));
  form.append('file', file, file.name);
  return api<ImportResult>('/imports', {
    method: 'POST',
    form,
    idempotencyKey,
    defaultMessage: 'The import failed. Please try again.',
  });
}
