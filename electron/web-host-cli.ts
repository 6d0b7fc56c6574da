import { parseArgs } from 'node:util';
import { createLogger } from '../shared/logger';
import { browserDataDir } from './core/app/data-folder';
import { browserPort, portHolder, portTakenMessage } from './host/browser-port';
import { systemBrowser } from './host/external-url';
import { askRunningHost } from './host/launch-control';
import { startWebHost, type RunningWebHost } from './web-host';

/**
 * `tsx electron/web-host-cli.ts [--port N] [--no-demo] [--no-open]` (bundled first by `npm start`,
 * scripts/build-browser-host.mjs): browser mode from the command
 * line, what `npm start` runs where Electron is absent. It prints the launch link (and opens it
 * where a browser can be opened); while Rollbook already runs on this data folder's port it prints
 * a fresh link for that Rollbook; a port another program holds is named, and nothing starts.
 */
const log = createLogger('web-host');

/** Whether `npm start` may open the launch link in a browser itself (not in CI, not headless). */
function canOpenBrowser(noOpen: boolean): boolean {
  if (noOpen || process.env.ROLLBOOK_NO_OPEN || process.env.CI) return false;
  return process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { port: { type: 'string' }, 'no-demo': { type: 'boolean', default: false }, 'no-open': { type: 'boolean', default: false } },
  });
  const dataDir = browserDataDir();
  const port = values.port !== undefined ? Number(values.port) : (await browserPort(dataDir)).port;
  const open = canOpenBrowser(values['no-open']);
  // The opener gets a redirect page's path, never the link (host/external-url.ts says why).
  const openInSystemBrowser = systemBrowser(dataDir);
  let host: RunningWebHost;
  try {
    // The link goes out as soon as the port is bound: the browser loads the page while the demo
    // sandbox and the kept sign-in start (the page waits for them, not the user for the link).
    const onListening = ({ url, launchUrl }: { url: string; launchUrl: () => string }): void => {
      const link = launchUrl();
      console.log(`Rollbook is running in browser mode at ${url}\nOpen it with this link (it works once; run \`npm start\` again for another):\n\n  ${link}\n`);
      if (open) void openInSystemBrowser(link).catch(() => log.warn('Could not open a browser: open the link above yourself'));
    };
    host = await startWebHost({ port, dataDir, demo: !values['no-demo'], onListening });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    const running = await askRunningHost(dataDir, port);
    if (running.kind === 'rollbook') {
      console.log(`Rollbook is already running in browser mode at http://127.0.0.1:${port}/\nOpen it with this new link (it works once):\n\n  ${running.launchUrl}\n`);
      if (open) await openInSystemBrowser(running.launchUrl).catch(() => undefined);
      return;
    }
    console.error(portTakenMessage(port, await portHolder(port)));
    process.exit(1);
  }
  if (host.sandbox) log.info(`Demo mode: the bundled sandbox serves Learn at ${host.sandbox.learnUrl} and Ally at ${host.sandbox.allyUrl}`);
  const stop = (): void => {
    void host.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  log.error('Browser mode failed to start', { error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
