import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { eventsApi } from '../api/balances';

const RETRY_MS = 5000;

/**
 * Live updates (api-contract §4.10): fetch a short-lived ticket, open the event stream, and
 * invalidate cached queries on every `change` event. Reconnects with a fresh ticket on error,
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
        source = new EventSource(`/api/events?ticket=${encodeURIComponent(ticket)}${resume}`);
        const resuming = lastEventId !== null;
        source.addEventListener('open', () => {
          if (!resuming) void client.invalidateQueries();
        });
        const seen = (event: MessageEvent) => {
          if (event.lastEventId !== '') lastEventId = event.lastEventId;
          void client.invalidateQueries();
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
