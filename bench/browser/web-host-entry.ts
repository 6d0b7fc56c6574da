import { startWebHost } from '../../electron/web-host';

/**
 * What `npm start` runs in browser mode (electron/web-host-cli.ts, bundled), with the two things the
 * start-up benchmark needs changed: the renderer built for this run, and its port. Prints
 * `ROLLBOOK_URL <launch link>` once the host listens.
 */
const rendererDir = process.env.ROLLBOOK_BENCH_RENDERER_DIR;
const host = await startWebHost({
  // A free port, or the one a returning start must keep (the browser keeps the offline data per address).
  port: Number(process.env.ROLLBOOK_BENCH_PORT ?? 0),
  demo: true,
  ...(rendererDir ? { rendererDir } : {}),
  // As web-host-cli.ts: the link is given out once the port is bound, before the sandbox is up.
  onListening: ({ launchUrl }) => process.stdout.write(`ROLLBOOK_URL ${launchUrl()}\n`),
});
const stop = (): void => {
  void host.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
