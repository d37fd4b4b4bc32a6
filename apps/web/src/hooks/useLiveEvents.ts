import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { eventsApi } from '../api/balances';

const RETRY_MS = 5000;

/**
 * Live updates (api-contract §4.10): fetch a short-lived ticket, open the event stream, and
 * invalidate cached queries on every `change` event. Reconnects with a fresh ticket on error.
 */
export function useLiveEvents(enabled: boolean): void {
  const client = useQueryClient();

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: number | undefined;
    let stopped = false;

    const connect = async () => {
      try {
        const { ticket } = await eventsApi.ticket();
        if (stopped) return;
        source = new EventSource(`/api/events?ticket=${encodeURIComponent(ticket)}`);
        source.addEventListener('open', () => {
          void client.invalidateQueries();
        });
        source.addEventListener('change', () => {
          void client.invalidateQueries();
        });
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
