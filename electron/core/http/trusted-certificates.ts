import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as tls from 'node:tls';
import { rootCertificates } from 'node:tls';
import { createLogger } from '../../../shared/logger';

/**
 * The certificate authorities the main side trusts: Node's bundled roots, the operating system's
 * store, and NODE_EXTRA_CA_CERTS. A campus network that inspects secure traffic presents
 * certificates issued by its own root, which IT installs in the OS store; Node alone trusts only
 * its bundled list, so without this every request to Learn fails there. Passing `ca` to TLS
 * replaces Node's defaults (NODE_EXTRA_CA_CERTS included), so all three are listed here.
 *
 * - Linux: the distribution's bundle (the first of LINUX_BUNDLES that exists).
 * - macOS: `security find-certificate -a -p` of the system keychains (where IT installs roots).
 * - Windows: Node's own reading of the store, tls.getCACertificates('system') (Node 22.15+, so
 *   the desktop app's Electron has it); under Node 20 (browser mode) NODE_EXTRA_CA_CERTS it is.
 */

const log = createLogger('http:certificates');

export const LINUX_BUNDLES = [
  '/etc/ssl/certs/ca-certificates.crt', // Debian, Ubuntu, Arch, Gentoo
  '/etc/pki/tls/certs/ca-bundle.crt', // Fedora, RHEL, CentOS
  '/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem', // RHEL 7+
  '/etc/ssl/ca-bundle.pem', // openSUSE
  '/etc/ssl/cert.pem', // Alpine
];

export const MAC_KEYCHAINS = ['/Library/Keychains/System.keychain', '/System/Library/Keychains/SystemRootCertificates.keychain'];

/** Where certificates come from; tests pass their own. */
export interface CertificateSources {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  /** The file's text, or undefined when it cannot be read. */
  readFile: (path: string) => string | undefined;
  /** A command's standard output, or undefined when it fails. */
  run: (command: string, args: readonly string[]) => string | undefined;
  /** The OS store as Node reads it (tls.getCACertificates('system')), or undefined where this Node cannot. */
  nodeStore?: () => readonly string[] | undefined;
}

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\s]+?-----END CERTIFICATE-----/g;

/** Each certificate of a PEM bundle (comments and other blocks between them are skipped). */
export function splitPemBundle(text: string): string[] {
  return (text.match(PEM_BLOCK) ?? []).map((block) => `${block.replace(/\r\n/g, '\n')}\n`);
}

/** The operating system's trusted roots, and where they were read from (for the log). */
export function systemCertificates(sources: CertificateSources): { certificates: string[]; from?: string } {
  if (sources.platform === 'darwin') {
    const out = sources.run('/usr/bin/security', ['find-certificate', '-a', '-p', ...MAC_KEYCHAINS]);
    return out === undefined ? { certificates: [] } : { certificates: splitPemBundle(out), from: 'the system keychains' };
  }
  if (sources.platform === 'win32') {
    const store = sources.nodeStore?.();
    return store ? { certificates: store.flatMap(splitPemBundle), from: 'the Windows certificate store' } : { certificates: [] };
  }
  for (const path of LINUX_BUNDLES) {
    const text = sources.readFile(path);
    if (text === undefined) continue;
    const certificates = splitPemBundle(text);
    if (certificates.length > 0) return { certificates, from: path };
  }
  return { certificates: [] };
}

/** NODE_EXTRA_CA_CERTS's certificates, read as Node reads them (one PEM file). */
export function extraCertificates(sources: Pick<CertificateSources, 'env' | 'readFile'>): string[] {
  const path = sources.env.NODE_EXTRA_CA_CERTS;
  if (!path) return [];
  const text = sources.readFile(path);
  if (text === undefined) {
    log.warn('NODE_EXTRA_CA_CERTS names a file that cannot be read');
    return [];
  }
  return splitPemBundle(text);
}

/** Node's bundled roots, the OS store and NODE_EXTRA_CA_CERTS, each certificate once. */
export function trustedCertificates(sources: CertificateSources = certificateSources()): string[] {
  const system = systemCertificates(sources);
  const extra = extraCertificates(sources);
  const all = new Set([...rootCertificates.map((pem) => `${pem.trim()}\n`), ...system.certificates, ...extra]);
  log.info('Trusted certificate authorities', { bundled: rootCertificates.length, system: system.certificates.length, from: system.from ?? 'none', extra: extra.length });
  return [...all];
}

let cached: string[] | undefined;

/** trustedCertificates() of this computer, read once per run (the OS store changes rarely; a restart picks it up). */
export function cachedTrustedCertificates(): string[] {
  cached ??= trustedCertificates();
  return cached;
}

/** This computer's: its platform, files and commands, with `env` for NODE_EXTRA_CA_CERTS. */
export function certificateSources(env: NodeJS.ProcessEnv = process.env): CertificateSources {
  return {
    platform: process.platform,
    env,
    readFile: (path) => {
      try {
        return readFileSync(path, 'utf8');
      } catch {
        return undefined;
      }
    },
    nodeStore: () => {
      // Node 22.15+ (the desktop's Electron, browser mode on a recent Node 22); absent from older runtimes and from @types/node 20.
      const read = (tls as { getCACertificates?: (type: 'system') => string[] }).getCACertificates;
      try {
        return read?.('system');
      } catch {
        return undefined;
      }
    },
    run: (command, args) => {
      try {
        return execFileSync(command, args, { encoding: 'utf8', timeout: 10_000, maxBuffer: 32 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });
      } catch {
        return undefined;
      }
    },
  };
}
