// Wires the metrics into the app: one counter increment and one histogram observation per
// answered request (onResponse), and the separate metrics server started with the app (onReady)
// and closed with it. Registered only when METRICS_PORT is set.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from './app-metrics.js';
import { MetricsServer } from './metrics-server.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics listener when METRICS_PORT is set (its `url` once the app is ready). */
    metricsServer: MetricsServer | null;
  }
}

export interface MetricsPluginOptions {
  metrics: AppMetrics;
  port: number;
  host: string;
}

async function metricsPlugin(
  app: FastifyInstance,
  { metrics, port, host }: MetricsPluginOptions,
): Promise<void> {
  const server = new MetricsServer(() => metrics.scrape(), app.log);
  app.decorate('metricsServer', server);

  // The route label is the pattern (`/api/groups/:id`), never the raw URL, so the series stay
  // few. Streams taken over with reply.hijack() (the event stream) are not answered through
  // Fastify and are not counted here; evenly_event_stream_clients counts them.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  app.addHook('onReady', async () => {
    const url = await server.listen(port, host);
    app.log.info({ metrics: `${url}/metrics` }, `metrics are served at ${url}/metrics`);
  });
  app.addHook('onClose', async () => {
    await server.close();
    metrics.close();
  });
}

export default fp(metricsPlugin, { name: 'metrics' });
