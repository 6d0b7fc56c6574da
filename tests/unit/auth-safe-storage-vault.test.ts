import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FileVault } from '../../electron/core/auth/file-vault';
import { VaultUnavailableError } from '../../electron/core/auth/token-vault';

// The desktop vault over Electron's safeStorage, with `electron` faked: no Electron runtime here.
const safeStorage = vi.hoisted(() => ({
  backend: 'gnome_libsecret',
  available: true,
  reEncrypt: false,
  getSelectedStorageBackend: vi.fn(() => safeStorage.backend),
  isAsyncEncryptionAvailable: vi.fn(() => Promise.resolve(safeStorage.available)),
  // A stand-in cipher: reversible, and visibly not the plain text.
  encryptStringAsync: vi.fn((plain: string) => Promise.resolve(Buffer.from(`enc:${[...plain].reverse().join('')}`))),
  decryptStringAsync: vi.fn((data: Buffer) =>
    Promise.resolve({ result: [...data.toString().slice(4)].reverse().join(''), shouldReEncrypt: safeStorage.reEncrypt }),
  ),
}));
vi.mock('electron', () => ({ safeStorage }));

const { SafeStorageVault } = await import('../../electron/host/safe-storage-vault');

describe('the desktop safeStorage vault', () => {
  let store: FileVault;

  beforeEach(async () => {
    Object.assign(safeStorage, { backend: 'gnome_libsecret', available: true, reEncrypt: false });
    vi.clearAllMocks();
    store = new FileVault(await mkdtemp(join(tmpdir(), 'rollbook-safe-')));
  });

  it('keeps only ciphertext in the data folder and returns the secret', async () => {
    const vault = new SafeStorageVault(store, 'linux');
    await vault.set('site', 'refresh-token', 'refresh-secret-value');
    expect(await readFile(store.file, 'utf8')).not.toContain('refresh-secret-value');
    expect(await vault.get('site', 'refresh-token')).toBe('refresh-secret-value');
    expect(vault.protection).toMatch(/encrypted/);
  });

  it("refuses to store on Linux when safeStorage fell back to 'basic_text'", async () => {
    safeStorage.backend = 'basic_text';
    const vault = new SafeStorageVault(store, 'linux');
    const error = await vault.set('site', 'refresh-token', 'refresh-secret-value').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VaultUnavailableError);
    expect((error as Error).message).toMatch(/no keyring/);
    expect(safeStorage.encryptStringAsync).not.toHaveBeenCalled();
    expect(await store.get('site', 'refresh-token')).toBeUndefined();
  });

  it('refuses to store when encryption is unavailable', async () => {
    safeStorage.available = false;
    const vault = new SafeStorageVault(store, 'darwin');
    await expect(vault.set('site', 'application-secret', 'app-secret')).rejects.toThrow(/encryption \(keychain\) is not available/);
    expect(await store.get('site', 'application-secret')).toBeUndefined();
  });

  it('does not read back through a backend that has become unsafe', async () => {
    const vault = new SafeStorageVault(store, 'linux');
    await vault.set('site', 'refresh-token', 'refresh-secret-value');
    safeStorage.backend = 'basic_text';
    await expect(vault.get('site', 'refresh-token')).rejects.toBeInstanceOf(VaultUnavailableError);
  });

  it('stores the secret again when the keychain asks for re-encryption', async () => {
    const vault = new SafeStorageVault(store, 'win32');
    await vault.set('site', 'refresh-token', 'refresh-secret-value');
    safeStorage.reEncrypt = true;
    expect(await vault.get('site', 'refresh-token')).toBe('refresh-secret-value');
    expect(safeStorage.encryptStringAsync).toHaveBeenCalledTimes(2);
  });
});
