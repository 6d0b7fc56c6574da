import { lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { generate } from 'selfsigned';
import type { RunningSandbox, SandboxOptions } from '../../sandbox/server';
import { withSandbox } from '../support/sandbox';

/**
 * The sandbox as a campus reaches Learn: over real HTTPS on loopback, with a leaf issued by a
 * throwaway CA that nothing trusts by default (as a network that inspects secure traffic presents
 * its own), reached as `rollbook-test.invalid`: a name that is not loopback, so the proxy rules
 * apply to it as to learn.school.edu, and that no DNS resolves (only `lookup` below, or a test's
 * proxy, which only ever connects to 127.0.0.1).
 */
export const CAMPUS_NAME = 'rollbook-test.invalid';

export interface CampusSandbox {
  sandbox: RunningSandbox;
  /** The throwaway CA's certificate (PEM). */
  ca: string;
  learnUrl: string;
  allyUrl: string;
  /** Resolves CAMPUS_NAME to 127.0.0.1 for a direct connection; other names as the system does. */
  lookup: LookupFunction;
}

export async function startCampusSandbox(options: SandboxOptions = {}): Promise<CampusSandbox> {
  const authority = await generate([{ name: 'commonName', value: 'Campus Inspection Test CA' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  const leaf = await generate([{ name: 'commonName', value: CAMPUS_NAME }], {
    keyType: 'ec',
    algorithm: 'sha256',
    ca: { key: authority.private, cert: authority.cert },
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'subjectAltName', altNames: [{ type: 2, value: CAMPUS_NAME }, { type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] },
    ],
  });
  const sandbox = await withSandbox({ ...options, tls: true, certificate: { key: leaf.private, cert: leaf.cert }, hostNames: [CAMPUS_NAME] });
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    if (hostname !== CAMPUS_NAME) return dnsLookup(hostname, lookupOptions, callback);
    if (lookupOptions.all) (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address: '127.0.0.1', family: 4 }]);
    else callback(null, '127.0.0.1', 4);
  };
  return { sandbox, ca: authority.cert, learnUrl: `https://${CAMPUS_NAME}:${sandbox.port}/learn`, allyUrl: `https://${CAMPUS_NAME}:${sandbox.port}/ally`, lookup };
}
