// Downloads of files the API makes (group CSV, account JSON): fetched with the session's token
// (a plain link would carry none), then saved under the name the server gives.
import { API_BASE, ApiError } from '../api/client';
import { getToken } from './storage';

/** The file name of a Content-Disposition header (RFC 6266; the UTF-8 form preferred). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (disposition === null) return fallback;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (utf8?.[1] !== undefined) {
    try {
      return decodeURIComponent(utf8[1]);
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="([^"]+)"/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/** Fetches `path` (under /api) and saves it; rejects with an ApiError carrying the server's message. */
export async function downloadFromApi(path: string, fallbackName: string): Promise<string> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { headers });
  } catch {
    throw new ApiError('Could not download the file. Please check your connection.', 0);
  }
  if (!response.ok) {
    let message = 'Could not download the file.';
    // The code lets the app word the error in the page's language (appErrorText); the English
    // sentence is only what English readers see.
    let code: string | null = null;
    try {
      const body = (await response.json()) as { message?: unknown; code?: unknown };
      if (typeof body.message === 'string' && body.message !== '') message = body.message;
      if (typeof body.code === 'string' && body.code !== '') code = body.code;
    } catch {
      // keep the default message
    }
    throw new ApiError(message, response.status, code);
  }
  const blob = await response.blob();
  const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
