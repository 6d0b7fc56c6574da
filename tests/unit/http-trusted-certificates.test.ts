import { rootCertificates } from 'node:tls';
import { describe, expect, it } from 'vitest';
import { LINUX_BUNDLES, MAC_KEYCHAINS, extraCertificates, splitPemBundle, systemCertificates, trustedCertificates, type CertificateSources } from '../../electron/core/http/trusted-certificates';

/** Reading the OS store and NODE_EXTRA_CA_CERTS, with the platform, files and commands played. */
const pem = (body: string): string => `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`;
const A = pem('QUFBQQ==');
const B = pem('QkJCQg==');
const C = pem('Q0NDQw==');

function sources(over: Partial<CertificateSources> & { files?: Record<string, string> }): CertificateSources {
  const files = over.files ?? {};
  return { platform: 'linux', env: {}, readFile: (path) => files[path], run: () => undefined, ...over };
}

describe('splitPemBundle', () => {
  it('keeps each certificate of a bundle, skipping comments, other blocks and CRLF line ends', () => {
    const bundle = `# ACME Root\n${A}\n# Other\r\n${B.replace(/\n/g, '\r\n')}-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n`;
    expect(splitPemBundle(bundle)).toEqual([A, B]);
    expect(splitPemBundle('not a certificate')).toEqual([]);
  });
});

describe('systemCertificates', () => {
  it("on Linux reads the first of the distributions' bundles that holds certificates", () => {
    const fedora = LINUX_BUNDLES[1] ?? '';
    expect(systemCertificates(sources({ files: { [fedora]: A + B } }))).toEqual({ certificates: [A, B], from: fedora });
    // An empty Debian bundle does not hide a later one.
    const debian = LINUX_BUNDLES[0] ?? '';
    expect(systemCertificates(sources({ files: { [debian]: '', [fedora]: C } })).certificates).toEqual([C]);
    expect(systemCertificates(sources({})).certificates).toEqual([]);
  });

  it("on macOS asks `security` for the system keychains' certificates", () => {
    const calls: string[][] = [];
    const run = (command: string, args: readonly string[]): string => {
      calls.push([command, ...args]);
      return A + C;
    };
    expect(systemCertificates(sources({ platform: 'darwin', run })).certificates).toEqual([A, C]);
    expect(calls).toEqual([['/usr/bin/security', 'find-certificate', '-a', '-p', ...MAC_KEYCHAINS]]);
    expect(systemCertificates(sources({ platform: 'darwin', run: () => undefined })).certificates).toEqual([]);
  });

  it("on Windows reads the store as Node 22.15+ does (the desktop's Electron), and nothing under Node 20 (NODE_EXTRA_CA_CERTS it is)", () => {
    expect(systemCertificates(sources({ platform: 'win32', files: { [LINUX_BUNDLES[0] ?? '']: A }, nodeStore: () => [B, C] }))).toEqual({ certificates: [B, C], from: 'the Windows certificate store' });
    expect(systemCertificates(sources({ platform: 'win32', files: { [LINUX_BUNDLES[0] ?? '']: A } })).certificates).toEqual([]);
    expect(systemCertificates(sources({ platform: 'win32', nodeStore: () => undefined })).certificates).toEqual([]);
  });
});

describe('trustedCertificates', () => {
  it("is Node's roots, the OS store and NODE_EXTRA_CA_CERTS, each once", () => {
    const all = trustedCertificates(sources({ env: { NODE_EXTRA_CA_CERTS: '/campus.pem' }, files: { [LINUX_BUNDLES[0] ?? '']: A + B, '/campus.pem': B + C } }));
    expect(all.length).toBe(rootCertificates.length + 3);
    expect(all).toEqual(expect.arrayContaining([A, B, C]));
  });

  it('reads nothing for NODE_EXTRA_CA_CERTS that is unset or cannot be read', () => {
    expect(extraCertificates(sources({ env: {} }))).toEqual([]);
    expect(extraCertificates(sources({ env: { NODE_EXTRA_CA_CERTS: '/missing.pem' } }))).toEqual([]);
  });
});
