import { createHmac, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { readPrivateJson, replacePrivateFile } from '../core/files/private-file';
import { sameSecret } from '../core/auth/pkce';

/**
 * A second `npm start` while Rollbook runs prints a fresh launch link for the running host instead
 * of failing on the taken port. The two prove to each other that they share this user's data
 * folder (0700): the running host writes a per-run secret there, and each side answers a fresh
 * challenge with an HMAC of it. The secret itself never crosses the wire, so a program squatting
 * the port learns nothing from the question and cannot forge an answer (a forged link would open
 * its own page in Rollbook's origin).
 */
const CONTROL_FILE = 'browser-control.json';
export const CONTROL_PATH = '/__rollbook/launch-link';
const Control = z.strictObject({ port: z.number().int(), secret: z.string().min(32) });
const Question = z.strictObject({ nonce: z.string().min(16).max(128), proof: z.string().max(128) });
const Answer = z.object({ launchUrl: z.string(), proof: z.string() });

const mac = (secret: string, text: string): string => createHmac('sha256', secret).update(text).digest('base64url');

/** The running host's side: writes this run's secret and answers good questions with a link. */
export async function startLaunchControl(dataDir: string, port: number): Promise<(body: unknown, newLaunchUrl: () => string) => unknown> {
  const secret = randomBytes(32).toString('base64url');
  await replacePrivateFile(join(dataDir, CONTROL_FILE), JSON.stringify({ port, secret }));
  return (body, newLaunchUrl) => {
    const question = Question.safeParse(body);
    if (!question.success || !sameSecret(question.data.proof, mac(secret, `question:${question.data.nonce}`))) return undefined;
    const launchUrl = newLaunchUrl();
    return { launchUrl, proof: mac(secret, `answer:${question.data.nonce}:${launchUrl}`) };
  };
}

export type RunningHostAnswer = { kind: 'rollbook'; launchUrl: string } | { kind: 'not-rollbook' };

/** The second start's side: asks whatever holds the port for a link, and checks who answered. */
export async function askRunningHost(dataDir: string, port: number): Promise<RunningHostAnswer> {
  const kept = await readPrivateJson(join(dataDir, CONTROL_FILE), Control).catch(() => undefined);
  if (kept?.state !== 'read' || kept.data.port !== port) return { kind: 'not-rollbook' };
  const { secret } = kept.data;
  const nonce = randomBytes(24).toString('base64url');
  try {
    const res = await fetch(`http://127.0.0.1:${port}${CONTROL_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ nonce, proof: mac(secret, `question:${nonce}`) }),
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) return { kind: 'not-rollbook' };
    const answer = Answer.safeParse(await res.json());
    if (!answer.success) return { kind: 'not-rollbook' };
    const { launchUrl, proof } = answer.data;
    const expectedStart = `http://127.0.0.1:${port}/launch?code=`;
    if (!launchUrl.startsWith(expectedStart) || !sameSecret(proof, mac(secret, `answer:${nonce}:${launchUrl}`))) return { kind: 'not-rollbook' };
    return { kind: 'rollbook', launchUrl };
  } catch {
    return { kind: 'not-rollbook' };
  }
}
