import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { sameSecret } from '../core/auth/pkce';
import { proofText, SESSION_LABEL } from '../../shared/ipc/stream-proof';

/**
 * The host's side of the event stream's question (shared/ipc/stream-proof.ts): for a live
 * session it answers HMAC(key, "stream:<nonce>"), and for anything else nothing.
 */
const Question = z.strictObject({ session: z.string().min(16).max(128), nonce: z.string().min(16).max(128) });

const mac = (key: string, text: string): string => createHmac('sha256', key).update(text).digest('base64url');

/** The proof for a question from the page holding one of `liveKeys`, or undefined. */
export function answerStreamQuestion(body: unknown, liveKeys: readonly string[]): { proof: string } | undefined {
  const question = Question.safeParse(body);
  if (!question.success) return undefined;
  const key = liveKeys.find((k) => sameSecret(mac(k, SESSION_LABEL), question.data.session));
  return key === undefined ? undefined : { proof: mac(key, proofText(question.data.nonce)) };
}
