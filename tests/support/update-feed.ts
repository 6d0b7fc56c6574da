/**
 * An update feed on this computer, as electron-builder publishes one to a generic (HTTPS) server:
 * the channel files (`latest.yml` for Windows, `latest-linux.yml`, `latest-mac.yml`) naming the
 * version, its package and the package's SHA-512, beside the package itself. And the real
 * electron-updater (its deb updater) run under Node against it: an app adapter in place of
 * Electron's `app`, and Node's http in place of Electron's net module, the two seams
 * electron-updater offers for this. Installing is the one step not run here: `doInstall` records
 * what it would install (the desktop tier installs for real).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, request, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { configureRequestOptions, configureRequestUrl, HttpExecutor, type DownloadOptions } from 'builder-util-runtime';
import { DebUpdater } from 'electron-updater';

export interface UpdateFeedServer {
  url: string;
  /** Paths asked for, in order. */
  requests: string[];
  /** Publishes a version; `damaged`: the channel file's checksum is not the package's. */
  publish: (version: string, body: Buffer, options?: { damaged?: boolean }) => Promise<void>;
  close: () => Promise<void>;
}

export async function serveUpdateFeed(dir: string): Promise<UpdateFeedServer> {
  await mkdir(dir, { recursive: true });
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://feed').pathname;
    requests.push(path);
    const name = path.replace(/^\/feed\//, '');
    if (!/^[\w.-]+$/.test(name)) return res.writeHead(404).end();
    readFile(join(dir, name)).then(
      (body) => res.writeHead(200, { 'Content-Length': body.length }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/feed/`,
    requests,
    publish: async (version, body, options = {}) => {
      const file = `rollbook_${version}_amd64.deb`;
      const sha512 = createHash('sha512').update(options.damaged ? Buffer.concat([body, Buffer.from('x')]) : body).digest('base64');
      await writeFile(join(dir, file), body);
      const yml = [`version: ${version}`, 'files:', `  - url: ${file}`, `    sha512: ${sha512}`, `    size: ${body.length}`, `path: ${file}`, `sha512: ${sha512}`, `releaseDate: '2026-11-28T09:00:00.000Z'`, ''].join('\n');
      for (const channel of ['latest.yml', 'latest-linux.yml', 'latest-mac.yml']) await writeFile(join(dir, channel), yml);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** electron-updater's ElectronHttpExecutor with Node's http where it has Electron's net. */
class NodeHttpExecutor extends HttpExecutor<ClientRequest> {
  createRequest(options: RequestOptions, callback: (response: IncomingMessage) => void): ClientRequest {
    return request(options, callback);
  }

  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise<string>((resolve, reject, onCancel) => {
      const requestOptions: RequestOptions = { headers: options.headers ?? undefined };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(requestOptions, { destination, options, onCancel, callback: (error) => (error == null ? resolve(destination) : reject(error)), responseHandler: null }, 0);
    });
  }
}

export interface InstalledApp {
  updater: DebUpdater;
  /** What the updater asked to install: the package's path, read at that moment, and the options. */
  installs: { body: Buffer | undefined; isSilent: boolean; isForceRunAfter: boolean }[];
  /** Plays the app quitting (electron-updater installs on quit). */
  quit: (exitCode?: number) => void;
}

/** The installed app at `version`, its updater's cache and data in `dir`. */
export async function installedApp(version: string, dir: string): Promise<InstalledApp> {
  const installs: InstalledApp['installs'] = [];
  const quitHandlers: ((exitCode: number) => void)[] = [];
  await mkdir(dir, { recursive: true });
  const configPath = join(dir, 'app-update.yml');
  // What electron-builder writes beside a packaged app; the feed itself is set by UpdateService.
  await writeFile(configPath, 'provider: generic\nurl: https://updates.rollbook.example.edu/desktop/\nupdaterCacheDirName: rollbook-updater\n');
  const app = {
    version,
    name: 'Rollbook',
    isPackaged: true,
    appUpdateConfigPath: configPath,
    userDataPath: dir,
    baseCachePath: dir,
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: (handler: (exitCode: number) => void) => void quitHandlers.push(handler),
  };
  class Updater extends DebUpdater {
    constructor() {
      super(undefined, app);
      // The adapter leaves the executor to the caller (electron-updater's own tests do the same).
      Object.defineProperty(this, 'httpExecutor', { value: new NodeHttpExecutor() });
    }
    protected override doInstall(options: { isSilent: boolean; isForceRunAfter: boolean }): boolean {
      const path = this.installerPath;
      installs.push({ body: path ? readFileSync(path) : undefined, isSilent: options.isSilent, isForceRunAfter: options.isForceRunAfter });
      // Not installed here, so electron-updater does not go on to quit Electron.
      return false;
    }
  }
  const updater = new Updater();
  updater.logger = null;
  return { updater, installs, quit: (exitCode = 0) => quitHandlers.forEach((handler) => handler(exitCode)) };
}
