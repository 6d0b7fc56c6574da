import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A self-signed certificate for 127.0.0.1 and localhost, generated once and reused, for clients
 * that insist on https. Its path is printed so a client can trust it explicitly.
 */
export async function loadTlsCertificate(dir = join(tmpdir(), 'rollbook-sandbox-tls')): Promise<{ key: string; cert: string; certPath: string }> {
  const certPath = join(dir, 'sandbox-cert.pem');
  const keyPath = join(dir, 'sandbox-key.pem');
  if (existsSync(certPath) && existsSync(keyPath)) {
    return { key: readFileSync(keyPath, 'utf8'), cert: readFileSync(certPath, 'utf8'), certPath };
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Loaded here, not at start: only a TLS sandbox needs it, and it takes a fifth of a second to load.
  const { generate } = await import('selfsigned');
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }, { type: 2, value: 'localhost' }] },
    ],
  });
  writeFileSync(keyPath, pems.private, { mode: 0o600 });
  writeFileSync(certPath, pems.cert, { mode: 0o644 });
  return { key: pems.private, cert: pems.cert, certPath };
}
