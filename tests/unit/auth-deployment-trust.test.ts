import { chmod, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deploymentFileDoubt } from '../../electron/core/auth/deployment-trust';

// The deployment file is IT's only when no other account could have written it or its folders.
describe('who could have written the deployment file', () => {
  const ROOT_DIR = { uid: 0, mode: 0o40755 };
  const tree = (entries: Record<string, { uid: number; mode: number }>) => (path: string) => {
    const found = entries[path];
    return found ? Promise.resolve(found) : Promise.reject(new Error(`no ${path}`));
  };
  const posix = (entries: Record<string, { uid: number; mode: number }>, uid = 1000) =>
    deploymentFileDoubt('/etc/rollbook/deployment.json', { platform: 'linux', uid, statOf: tree({ '/': ROOT_DIR, '/etc': ROOT_DIR, ...entries }) });

  it('POSIX: trusts a file only root (or this user) can change, in folders likewise', async () => {
    expect(await posix({ '/etc/rollbook': ROOT_DIR, '/etc/rollbook/deployment.json': { uid: 0, mode: 0o100644 } })).toBeUndefined();
    expect(await posix({ '/etc/rollbook': { uid: 1000, mode: 0o40700 }, '/etc/rollbook/deployment.json': { uid: 1000, mode: 0o100600 } })).toBeUndefined();
    expect(await posix({ '/etc/rollbook': ROOT_DIR, '/etc/rollbook/deployment.json': { uid: 0, mode: 0o100666 } })).toEqual({ why: 'others-write' });
    expect(await posix({ '/etc/rollbook': ROOT_DIR, '/etc/rollbook/deployment.json': { uid: 0, mode: 0o100664 } })).toEqual({ why: 'others-write' });
    expect(await posix({ '/etc/rollbook': ROOT_DIR, '/etc/rollbook/deployment.json': { uid: 1001, mode: 0o100644 } })).toEqual({ why: 'owner', owner: 1001 });
    expect(await posix({ '/etc/rollbook': { uid: 0, mode: 0o40777 }, '/etc/rollbook/deployment.json': { uid: 0, mode: 0o100644 } })).toEqual({ why: 'others-write', folder: '/etc/rollbook' });
    expect(await posix({ '/etc/rollbook': { uid: 1001, mode: 0o40755 }, '/etc/rollbook/deployment.json': { uid: 0, mode: 0o100644 } })).toEqual({ why: 'owner', folder: '/etc/rollbook', owner: 1001 });
    // A sticky folder (as /tmp): others may add entries but not replace this one, which is checked itself.
    expect(await posix({ '/etc/rollbook': { uid: 0, mode: 0o41777 }, '/etc/rollbook/deployment.json': { uid: 0, mode: 0o100644 } })).toBeUndefined();
  });

  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });
  it.runIf(process.platform !== 'win32')('POSIX, on disk: follows a symbolic link to the real file and judges that', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rollbook-trust-'));
    dirs.push(dir);
    const real = join(dir, 'real.json');
    await writeFile(real, '{}', { mode: 0o644 });
    await symlink(real, join(dir, 'deployment.json'));
    expect(await deploymentFileDoubt(join(dir, 'deployment.json'))).toBeUndefined();
    await chmod(real, 0o666);
    expect(await deploymentFileDoubt(join(dir, 'deployment.json'))).toEqual({ why: 'others-write' });
  });

  it('Windows: trusts only SYSTEM, Administrators and TrustedInstaller as writers of the file and its folders', async () => {
    const file = 'C:\\ProgramData\\Rollbook\\deployment.json';
    const admins = ['S-1-5-18', 'S-1-5-32-544'];
    const acl = (writers: Record<string, string[]>) => (path: string) => Promise.resolve(writers[path] ?? admins);
    expect(await deploymentFileDoubt(file, { platform: 'win32', windowsWriters: acl({}) })).toBeUndefined();
    // ProgramData lets Users create folders (the planted-file finding): a folder they made is theirs to write.
    expect(await deploymentFileDoubt(file, { platform: 'win32', windowsWriters: acl({ 'C:\\ProgramData\\Rollbook': [...admins, 'S-1-5-32-545'] }) })).toEqual({
      why: 'writable',
      folder: 'C:\\ProgramData\\Rollbook',
      accounts: 'S-1-5-32-545',
    });
    expect(await deploymentFileDoubt(file, { platform: 'win32', windowsWriters: acl({ [file]: [...admins, 'S-1-5-21-1-2-3-1001'] }) })).toEqual({ why: 'writable', accounts: 'S-1-5-21-1-2-3-1001' });
  });
});
