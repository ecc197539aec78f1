import cluster from 'node:cluster';

/**
 * `--cluster N` in the HTTP bench: N web processes (WORKERS=off) sharing one port through
 * node:cluster, as `npm start` may run on PostgreSQL. The process with the workers runs apart.
 */
const processes = Number(process.env.WEB_PROCESSES ?? 2);
if (cluster.isPrimary) {
  for (let i = 0; i < processes; i += 1) cluster.fork({ WORKERS: 'off' });
  cluster.on('exit', (worker, code) => {
    if (code !== 0) console.error(`web process ${worker.process.pid} exited with ${code}`);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill(signal);
      setTimeout(() => process.exit(0), 2000).unref();
    });
  }
} else {
  await import('../src/server/main');
}
