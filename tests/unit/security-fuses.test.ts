import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FuseV1Options, FuseVersion, flipFuses, getCurrentFuseWire, type FuseConfig } from '@electron/fuses';
import { FuseState } from '@electron/fuses/dist/constants';
import type { Configuration, FuseOptionsV1 } from 'app-builder-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The packaging fuses (build/electron-builder.yml `electronFuses`), read the way electron-builder
 * reads them: its own config loader and schema validation, then its own translation into
 * @electron/fuses options, which are flipped in a stand-in Electron binary and read back.
 * Packaging itself needs the Electron runtime and platform tools, which the test machine lacks.
 */
interface ConfigModule {
  getConfig(projectDir: string, configPath: string | null, configFromOptions: null): Promise<Configuration>;
  validateConfiguration(config: Configuration, debugLogger: { isEnabled: boolean; add(key: string, value: unknown): void }): Promise<void>;
}
interface PackagerPrototype {
  generateFuseConfig(this: unknown, fuses: FuseOptionsV1): Promise<FuseConfig>;
}

const CONFIG = 'build/electron-builder.yml';
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
// Electron's own defaults, in FuseV1Options order: RunAsNode on, cookie encryption off, NODE_OPTIONS
// on, inspect on, asar integrity off, only-asar off, browser V8 snapshot off, file:// privileges on.
const ELECTRON_DEFAULT_WIRE = '10110001';

let configModule: ConfigModule;
let config: Configuration;
let fuses: FuseOptionsV1;
const quiet = { isEnabled: false, add: () => undefined };

beforeAll(async () => {
  configModule = await import('app-builder-lib/out/util/config/config.js');
  config = await configModule.getConfig(process.cwd(), CONFIG, null);
  fuses = config.electronFuses ?? {};
}, 30_000);

// electron-builder's loader and schema validation are slow to import on a loaded machine.
describe('packaging fuses', { timeout: 30_000 }, () => {
  it('is a configuration electron-builder accepts, and a misspelt fuse would not be', async () => {
    await expect(configModule.validateConfiguration(config, quiet)).resolves.toBeUndefined();
    const misspelt = { ...config, electronFuses: { ...fuses, runAsNod: false } } as Configuration;
    await expect(configModule.validateConfiguration(misspelt, quiet)).rejects.toThrow(/electronFuses/);
  });

  it('turns off every way to run other code as Rollbook, and turns on the protections', () => {
    expect(fuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      onlyLoadAppFromAsar: true,
      // Enforced on macOS and Windows (Electron >= 30); inert on Linux, which has no asar integrity.
      enableEmbeddedAsarIntegrityValidation: true,
      // The renderer is served from app://, so file:// pages need no extra rights.
      grantFileProtocolExtraPrivileges: false,
    });
    // Integrity validation is only meaningful for an asar archive.
    expect(config.asar).toBe(true);
  });

  describe('flipped into a binary', () => {
    let dir: string;
    let binary: string;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'rollbook-fuses-'));
      binary = join(dir, 'rollbook');
      const wire = Buffer.concat([Buffer.from('\x7fELF stand-in'), Buffer.from(SENTINEL), Buffer.from([1, ELECTRON_DEFAULT_WIRE.length]), Buffer.from(ELECTRON_DEFAULT_WIRE), Buffer.from('tail')]);
      await writeFile(binary, wire);
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it('sets exactly the fuses the configuration names, through electron-builder’s own translation', async () => {
      const { PlatformPackager } = (await import('app-builder-lib')) as unknown as { PlatformPackager: { prototype: PackagerPrototype } };
      const fuseConfig = await PlatformPackager.prototype.generateFuseConfig.call({}, fuses);
      expect(fuseConfig.version).toBe(FuseVersion.V1);
      await flipFuses(binary, fuseConfig);
      const wire = await getCurrentFuseWire(binary);
      const state = (option: FuseV1Options): FuseState | undefined => (wire as unknown as Record<number, FuseState>)[option];
      expect(state(FuseV1Options.RunAsNode)).toBe(FuseState.DISABLE);
      expect(state(FuseV1Options.EnableNodeOptionsEnvironmentVariable)).toBe(FuseState.DISABLE);
      expect(state(FuseV1Options.EnableNodeCliInspectArguments)).toBe(FuseState.DISABLE);
      expect(state(FuseV1Options.EnableCookieEncryption)).toBe(FuseState.ENABLE);
      expect(state(FuseV1Options.OnlyLoadAppFromAsar)).toBe(FuseState.ENABLE);
      expect(state(FuseV1Options.EnableEmbeddedAsarIntegrityValidation)).toBe(FuseState.ENABLE);
      expect(state(FuseV1Options.GrantFileProtocolExtraPrivileges)).toBe(FuseState.DISABLE);
      // Not named in the configuration: left at Electron's default.
      expect(state(FuseV1Options.LoadBrowserProcessSpecificV8Snapshot)).toBe(FuseState.DISABLE);
    });
  });
});
