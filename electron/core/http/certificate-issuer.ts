import type { LookupFunction } from 'node:net';
import { connect } from 'node:tls';

/**
 * Who issued the certificate a server presented, asked after a request failed because Rollbook
 * does not trust it: "issued by Palo Alto Networks Decryption CA" tells IT at once that the
 * network inspects secure traffic. TLS does not keep the certificate it refused, so this is a
 * second handshake that only looks: it accepts any certificate, sends nothing, and closes. Nothing
 * is ever sent over it, so accepting is safe; the request itself stays refused.
 */
export async function presentedIssuer(url: URL, options: { lookup?: LookupFunction; timeoutMs?: number } = {}): Promise<string | undefined> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port) || 443;
  return new Promise<string | undefined>((resolve) => {
    const socket = connect({
      host,
      port,
      ...(/^[\d.]+$|:/.test(host) ? {} : { servername: host }),
      rejectUnauthorized: false,
      ...(options.lookup ? { lookup: options.lookup } : {}),
    });
    const done = (issuer: string | undefined): void => {
      socket.destroy();
      resolve(issuer);
    };
    socket.setTimeout(options.timeoutMs ?? 5_000, () => done(undefined));
    socket.once('error', () => done(undefined));
    socket.once('secureConnect', () => {
      const issuer = socket.getPeerCertificate().issuer as Record<string, string | string[] | undefined> | undefined;
      done(nameOf(issuer));
    });
  });
}

/** The issuer's common name, else its organisation. */
function nameOf(issuer: Record<string, string | string[] | undefined> | undefined): string | undefined {
  const first = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);
  const name = first(issuer?.CN) ?? first(issuer?.O);
  // A name for a sentence: one line, bounded.
  return name ? name.replace(/[\r\n\t]+/g, ' ').slice(0, 120) : undefined;
}
