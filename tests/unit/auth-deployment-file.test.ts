import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DeploymentFileError, parseDeployment, readDeploymentFile, rememberApplication } from '../../electron/core/auth/deployment-file';
import { FileVault } from '../../electron/core/auth/file-vault';

// The institution's deployment file: checked field by field, the secret never quoted, kept only in the vault.
const SECRET = 'Zq9-deployment-secret-do-not-print';
const valid = { learnUrl: 'https://learn.example.edu/', applicationKey: '4f6b8c1e-2d3a-4e5f-9a7b-1c2d3e4f5a6b', applicationSecret: SECRET };

function problemOf(data: unknown): string {
  try {
    parseDeployment(typeof data === 'string' ? data : JSON.stringify(data), 'rollbook.json');
  } catch (error) {
    expect(error).toBeInstanceOf(DeploymentFileError);
    return (error as Error).message;
  }
  throw new Error('the deployment file was accepted');
}

describe('the deployment file', () => {
  it('reads a file IT distributes', async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'rollbook-deploy-')), 'rollbook.json');
    await writeFile(path, JSON.stringify(valid));
    const deployment = await readDeploymentFile(path);
    expect(deployment.applicationKey).toBe(valid.applicationKey);
    // The host alone stands for Learn's /learn root, as when it is typed in (docs/api-notes/site-address-and-check.md "The site address").
    expect(deployment.site.learnUrl).toBe('https://learn.example.edu/learn');
  });

  it('names each problem without quoting the secret', () => {
    const cases: [unknown, RegExp][] = [
      [{ ...valid, applicationSecret: undefined }, /applicationSecret/],
      [{ ...valid, applicationKey: '' }, /applicationKey/],
      [{ ...valid, applicationKey: 'key:with-colon' }, /colon/],
      [{ ...valid, applicationSecret: 42 }, /applicationSecret/],
      [{ ...valid, extra: SECRET }, /extra/],
      [{ ...valid, learnUrl: 'http://learn.example.edu' }, /https/],
      [{ ...valid, learnUrl: `https://learn.example.edu/?s=${SECRET}` }, /\?/],
      ['{"learnUrl": "https://learn.example.edu", "applicationSecret": "' + SECRET, /not valid JSON/],
      [[valid], /file/],
      [{ ...valid, allyClientId: 12 }, /allySecret: missing/],
      [{ ...valid, allySecret: SECRET }, /allyClientId: missing/],
      [{ ...valid, allyClientId: '12', allySecret: SECRET }, /allyClientId/],
      [{ ...valid, allyClientId: 12, allySecret: SECRET, allyUrl: 'http://ally.example.edu' }, /https/],
      [{ ...valid, allyUrl: 'https://prod.ally.ac' }, /allyUrl is given without allyClientId/],
      [{ ...valid, label: '' }, /label/],
    ];
    for (const [data, expected] of cases) {
      const message = problemOf(data);
      expect(message).toMatch(expected);
      expect(message).not.toContain(SECRET);
    }
  });

  it('reads the label and Ally credentials where the institution uses Ally', () => {
    const deployment = parseDeployment(JSON.stringify({ ...valid, label: ' Northfield Learn ', allyClientId: 12, allySecret: SECRET, allyUrl: 'https://prod-eu-central-1.ally.ac' }), 'rollbook.json');
    expect(deployment).toMatchObject({ label: 'Northfield Learn', allyClientId: 12, allySecret: SECRET, allyUrl: 'https://prod-eu-central-1.ally.ac' });
  });

  it('says when the file cannot be read', async () => {
    await expect(readDeploymentFile('/nonexistent/rollbook.json')).rejects.toThrow(/cannot be read \(ENOENT\)/);
  });

  it('keeps the secret in the vault and hands back only the key and the site', async () => {
    const vault = new FileVault(await mkdtemp(join(tmpdir(), 'rollbook-deploy-vault-')));
    const registration = await rememberApplication(vault, parseDeployment(JSON.stringify(valid), 'rollbook.json'));
    expect(JSON.stringify(registration)).not.toContain(SECRET);
    expect(registration.applicationKey).toBe(valid.applicationKey);
    expect(await vault.get(registration.site.id, 'application-secret')).toBe(SECRET);
  });
});
