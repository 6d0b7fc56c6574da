import { execFile } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, readdirSync, type Stats } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Configuration, PlatformSpecificBuildOptions } from 'app-builder-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * What `npm run dist` puts in the installers, decided here without Electron: electron-builder's own
 * config loader and its own file matchers (the ones its packager builds from `files`) run over the
 * real output of `npm run build:desktop` (built into a temp folder, about a second), a renderer laid
 * out as Vite writes it, and the sources and folders beside them in a checkout.
 */
interface Filter {
  (file: string, stat: Stats): boolean;
}
interface FileMatcher {
  readonly patterns: string[];
  createFilter(): Filter;
}
interface MatcherModule {
  FileMatcher: new (from: string, to: string, expand: (p: string) => string, patterns?: string[]) => FileMatcher;
  getMainFileMatchers(appDir: string, to: string, expand: (p: string) => string, options: PlatformSpecificBuildOptions, packager: { info: PackagerInfo }, outDir: string, electronCompile: boolean): FileMatcher[];
  getNodeModuleFileMatcher(appDir: string, to: string, expand: (p: string) => string, options: PlatformSpecificBuildOptions, info: PackagerInfo): FileMatcher;
}
interface PackagerInfo {
  projectDir: string;
  buildResourcesDir: string;
  config: Configuration;
  isPrepackedAppAsar: boolean;
  debugLogger: { isEnabled: boolean };
}
interface ConfigModule {
  getConfig(projectDir: string, configPath: string | null, configFromOptions: null): Promise<Configuration>;
}

const run = promisify(execFile);
const same = (pattern: string): string => pattern;
const DEST = '/app';

let config: Configuration;
let matchers: MatcherModule;
let appDir: string;

/** The app's files as the packager would take them: relative paths, sorted. */
function packaged(info: PackagerInfo): string[] {
  const [main] = matchers.getMainFileMatchers(appDir, DEST, same, {}, { info }, join(appDir, 'release'), false);
  if (!main) throw new Error('electron-builder made no file matcher');
  const keep = main.createFilter();
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const stat = lstatSync(path);
      // Like electron-builder's walker: a folder the filter refuses is not entered.
      if (!keep(path, stat)) continue;
      if (stat.isDirectory()) walk(path);
      else found.push(relative(appDir, path));
    }
  };
  walk(appDir);
  return found.sort();
}

const infoFor = (dir: string): PackagerInfo => ({ projectDir: dir, buildResourcesDir: join(dir, 'build'), config, isPrepackedAppAsar: false, debugLogger: { isEnabled: false } });

beforeAll(async () => {
  matchers = (await import('app-builder-lib/out/fileMatcher.js')) as unknown as MatcherModule;
  const loader = (await import('app-builder-lib/out/util/config/config.js')) as unknown as ConfigModule;
  config = await loader.getConfig(process.cwd(), 'build/electron-builder.yml', null);

  appDir = await mkdtemp(join(tmpdir(), 'rollbook-packaging-'));
  await run(process.execPath, ['scripts/build-desktop.mjs', '--outdir', join(appDir, 'dist/electron')]);
  const files: Record<string, string> = {
    // The renderer as Vite writes it (vite.config.ts: dist/renderer, source maps beside each chunk).
    'dist/renderer/index.html': '<!doctype html>',
    'dist/renderer/assets/index-Bq3x.js': 'export {}',
    'dist/renderer/assets/index-Bq3x.js.map': '{}',
    'dist/renderer/assets/inter-latin-wght-normal-Dx4k.woff2': 'font',
    // What lies beside it in a checkout, none of which belongs in the app.
    'electron/main.ts': 'source',
    'renderer/src/App.svelte': 'source',
    'shared/ipc/contract.ts': 'source',
    'sandbox/server.ts': 'source',
    'tests/unit/a.test.ts': 'test',
    'docs/architecture.md': 'docs',
    'build/electron-builder.yml': 'config',
    'node_modules/zod/package.json': '{}',
    'node_modules/zod/index.js': 'module.exports = {}',
    '.test-results/unit.json': '{}',
    'release/Rollbook.AppImage': 'an earlier installer',
  };
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(appDir, path)), { recursive: true });
    await writeFile(join(appDir, path), text);
  }
  await cp('package.json', join(appDir, 'package.json'));
}, 60_000);

afterAll(async () => {
  if (appDir) await rm(appDir, { recursive: true, force: true });
});

describe('what the installers hold', { timeout: 30_000 }, () => {
  it('packs main, preload, the renderer and package.json, and no source map, source or other folder', () => {
    expect(packaged(infoFor(appDir))).toEqual([
      'dist/electron/main.cjs',
      'dist/electron/preload.cjs',
      'dist/renderer/assets/index-Bq3x.js',
      'dist/renderer/assets/inter-latin-wght-normal-Dx4k.woff2',
      'dist/renderer/index.html',
      'package.json',
    ]);
    // The entry the packaged package.json names is among them.
    expect(config.extraMetadata?.main).toBe('dist/electron/main.cjs');
  });

  it('ships no node_modules: the bundles need nothing but Node and Electron, and every declared dependency is left out', () => {
    for (const bundle of ['main.cjs', 'preload.cjs']) {
      const text = readFileSync(join(appDir, 'dist/electron', bundle), 'utf8');
      const required = new Set([...text.matchAll(/\brequire\((["'])([^"']+)\1\)/g)].map((m) => m[2] ?? ''));
      // node:sqlite (undici's cache store, loaded lazily) is built into Electron's Node 22, not into Node 20.
      expect([...required].filter((name) => !isBuiltin(name) && name !== 'node:sqlite' && name !== 'electron')).toEqual([]);
    }
    // electron-builder copies each production dependency through this matcher whatever `files`
    // includes; only an exclusion in `files` keeps it out (appFileCopier's computeNodeModuleFileSets).
    const info = infoFor(process.cwd());
    const moduleMatcher = matchers.getNodeModuleFileMatcher(process.cwd(), DEST, same, {}, info);
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
    const shipped: string[] = [];
    for (const name of Object.keys(pkg.dependencies)) {
      const dir = resolve('node_modules', name);
      const keep = new matchers.FileMatcher(dir, join(DEST, 'node_modules', name), same, moduleMatcher.patterns).createFilter();
      const file = join(dir, 'package.json');
      const stat = Object.assign(lstatSync(file), { moduleFullFilePath: `node_modules/${name}/package.json` });
      if (keep(file, stat)) shipped.push(name);
    }
    expect(shipped).toEqual([]);
  });

  it('sets the app id the keychain and the OS know Rollbook by, and the packaging fuses', () => {
    // Changing it makes a new app to the OS: the vault's keychain entry and the Windows taskbar
    // identity would be orphaned.
    expect(config.appId).toBe('edu.rollbook.desktop');
    expect(config.productName).toBe('Rollbook');
    // Each fuse is flipped into a binary and read back in security-fuses.test.ts.
    expect(config.electronFuses).toMatchObject({ runAsNode: false, onlyLoadAppFromAsar: true, enableNodeCliInspectArguments: false });
  });

  it("declares the deb's dependencies: Electron's libraries, the keyring's and the system browser's", () => {
    const depends = config.deb?.depends ?? [];
    const relation = /^[a-z0-9][a-z0-9+.-]+(?: \| [a-z0-9][a-z0-9+.-]+)*$/;
    expect(depends.filter((d) => !relation.test(d))).toEqual([]);
    const named = new Set(depends.flatMap((d) => d.split(' | ')));
    for (const needed of ['libgtk-3-0', 'libnss3', 'libgbm1', 'libasound2', 'libasound2t64', 'libxss1', 'libxtst6', 'libatspi2.0-0', 'xdg-utils', 'libsecret-1-0']) {
      expect(named.has(needed), needed).toBe(true);
    }
    expect(config.deb?.recommends).toContain('gnome-keyring');
    expect(config.linux?.target).toEqual(expect.arrayContaining(['deb']));
  });

  it('gives each platform its icon from build/icons, in that platform’s format', () => {
    // electron-builder looks an icon up under build/ and then the project folder.
    const find = (icon: string | null | undefined): string | undefined => [resolve('build', icon ?? ''), resolve(icon ?? '')].find((p) => icon && existsSync(p));
    const icons = { linux: config.linux?.icon, win: config.win?.icon, mac: config.mac?.icon };
    expect(icons).toEqual({ linux: 'build/icons/icon.png', win: 'build/icons/icon.ico', mac: 'build/icons/icon.icns' });
    const bytes = (icon: string | null | undefined): Buffer => {
      const path = find(icon);
      if (!path) throw new Error(`${String(icon)} does not exist`);
      return readFileSync(path);
    };
    const png = bytes(icons.linux);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // IHDR width and height: Linux desktops want at least 512 px.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512]);
    expect([...bytes(icons.win).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(bytes(icons.mac).subarray(0, 4).toString('latin1')).toBe('icns');
  });
});
