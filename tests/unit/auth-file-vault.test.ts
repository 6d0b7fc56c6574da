import { chmod, mkdir, mkdtemp, readdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { FileVault } from '../../electron/core/auth/file-vault';
import { VaultUnavailableError } from '../../electron/core/auth/token-vault';

/**
 * Browser mode's vault. Its file is NOT obfuscated (a key beside it would only pretend), so these
 * tests check what protects it, the permissions, and that its weaker protection is stated; they
 * do not claim the token is unreadable in the file.
 */
const mode = async (path: string): Promise<number> => (await stat(path)).mode & 0o777;

describe('the browser-mode file vault', () => {
  let dir: string;
  let vault: FileVault;

  beforeEach(async () => {
    dir = join(await mkdtemp(join(tmpdir(), 'rollbook-vault-')), 'data');
    vault = new FileVault(dir);
  });

  it('keeps, returns and forgets one secret per site and name', async () => {
    expect(await vault.get('site-a', 'refresh-token')).toBeUndefined();
    await vault.set('site-a', 'refresh-token', 'ra');
    await vault.set('site-a', 'application-secret', 'sa');
    await vault.set('site-b', 'refresh-token', 'rb');
    await vault.delete('site-a', 'refresh-token');
    await vault.delete('site-c', 'refresh-token');
    expect(await vault.get('site-a', 'refresh-token')).toBeUndefined();
    expect(await vault.get('site-a', 'application-secret')).toBe('sa');
    expect(await vault.get('site-b', 'refresh-token')).toBe('rb');
    // A new instance reads the same file: the secrets outlive the process.
    expect(await new FileVault(dir).get('site-b', 'refresh-token')).toBe('rb');
  });

  it('does not write the file again for a secret it already holds (every write waits for the disk)', async () => {
    await vault.set('site-a', 'application-secret', 'sa');
    const written = (await stat(vault.file)).ino;
    await vault.set('site-a', 'application-secret', 'sa');
    expect((await stat(vault.file)).ino).toBe(written);
    await vault.set('site-a', 'application-secret', 'sb');
    expect((await stat(vault.file)).ino).not.toBe(written);
    expect(await vault.get('site-a', 'application-secret')).toBe('sb');
  });

  it('writes a file only the user can read, in a folder only the user can enter', async () => {
    await vault.set('site-a', 'refresh-token', 'ra');
    expect(await mode(vault.file)).toBe(0o600);
    expect(await mode(dir)).toBe(0o700);
  });

  it('tightens a folder that already existed with wider permissions', async () => {
    await mkdir(dir, { recursive: true });
    await chmod(dir, 0o755);
    await vault.set('site-a', 'refresh-token', 'ra');
    expect(await mode(dir)).toBe(0o700);
    expect(await mode(vault.file)).toBe(0o600);
  });

  it('replaces the file whole, leaving no temporary files, and loses no concurrent write', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => vault.set(`site-${i}`, 'refresh-token', `token-${i}`)));
    for (let i = 0; i < 20; i++) expect(await vault.get(`site-${i}`, 'refresh-token')).toBe(`token-${i}`);
    expect(await readdir(dir)).toEqual(['rollbook-secrets.json']);
  });

  it('says plainly that it is the weaker protection', () => {
    expect(vault.protection).toMatch(/unencrypted/);
    expect(vault.protection).toMatch(/only your user account can read/);
  });

  it('refuses a damaged file without quoting it', async () => {
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'rollbook-secrets.json'), '{"site":{"refresh-token":"half-a-secret"');
    const error = await vault.get('site', 'refresh-token').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VaultUnavailableError);
    expect((error as Error).message).toMatch(/damaged/);
    expect((error as Error).message).not.toContain('half-a-secret');
  });
});
