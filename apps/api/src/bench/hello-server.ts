// The yardstick: a hello-world Fastify route on this machine, run beside the real server.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
const port = Number(process.env['PORT'] ?? '0');
const address = await app.listen({ port, host: '127.0.0.1' });
process.stdout.write(`listening ${address}\n`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
