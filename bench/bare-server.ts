// The reference for server benchmarks (ARCHITECTURE.md §7): a bare Fastify route answering a
// small JSON body, measured in the same run and on the same machine as the real route.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/bare', async () => ({ result: 'not_found' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
