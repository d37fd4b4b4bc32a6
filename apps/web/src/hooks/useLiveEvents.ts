import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { eventsApi } from '../api/balances';
import { API_BASE } from '../api/client';
import { queryKeys } from '../api/queryKeys';

const RETRY_MS = 5000;

/** The `entity` of a change event's JSON data, or null when it has none. */
function entityOf(event: MessageEvent): string | null {
  try {
    const data: unknown = JSON.parse(String(event.data));
    if (typeof data === 'object' && data !== null && 'entity' in data) {
      return typeof data.entity === 'string' ? data.entity : null;
    }
  } catch {
    // Not JSON: treat as any change.
  }
  return null;
}

/**
 * Live updates (docs/api.md §4.10): fetch a short-lived ticket, open the event stream, and
 * invalidate cached queries on every `change` event (every change may bring a notification, so
 * the bell's count is refetched with the rest). Reconnects with a fresh ticket on error,
 * resuming after the last event seen (`lastEventId`), so nothing in between is missed; only a
 * first connection or a `reset` from the server (too far behind) refetches everything.
 */
export function useLiveEvents(enabled: boolean): void {
  const client = useQueryClient();

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: number | undefined;
    let stopped = false;
    let lastEventId: string | null = null;

    const connect = async () => {
      try {
        const { ticket } = await eventsApi.ticket();
        if (stopped) return;
        const resume =
          lastEventId === null ? '' : `&lastEventId=${encodeURIComponent(lastEventId)}`;
        source = new EventSource(
          `${API_BASE}/events?ticket=${encodeURIComponent(ticket)}${resume}`,
        );
        const resuming = lastEventId !== null;
        source.addEventListener('open', () => {
          if (!resuming) void client.invalidateQueries();
        });
        const seen = (event: MessageEvent) => {
          if (event.lastEventId !== '') lastEventId = event.lastEventId;
          // Read marks (from this or another device) move only the notifications.
          if (event.type === 'change' && entityOf(event) === 'notification') {
            void client.invalidateQueries({ queryKey: queryKeys.notifications });
          } else {
            void client.invalidateQueries();
          }
        };
        source.addEventListener('change', seen);
        source.addEventListener('reset', seen);
        source.addEventListener('error', () => {
          source?.close();
          source = null;
          if (!stopped) timer = window.setTimeout(() => void connect(), RETRY_MS);
        });
      } catch {
        if (!stopped) timer = window.setTimeout(() => void connect(), RETRY_MS * 6);
      }
    };
    void connect();

    return () => {
      stopped = true;
      window.clearTimeout(timer);
      source?.close();
    };
  }, [enabled, client]);
}
