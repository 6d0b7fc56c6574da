import { BridgeError } from '../bridge';
import { hostSentence } from './host-words';

/** What went wrong, in plain words, with the technical account (status, Learn's words, ids) kept apart. */
export interface Problem {
  message: string;
  detail?: string;
}

/**
 * Turns whatever a failed call threw into a Problem. A BridgeError carries both parts; any other
 * error gets the caller's fallback, since its own message was never written for an instructor,
 * and keeps that message as the Details (what whoever helps them needs).
 */
export function problemOf(error: unknown, fallback: string): Problem {
  if (error instanceof BridgeError) {
    const message = hostSentence(error.words, error.message);
    return error.detail ? { message, detail: error.detail } : { message };
  }
  const detail = error instanceof Error || error instanceof DOMException ? `${error.name}: ${error.message}` : undefined;
  return detail ? { message: fallback, detail } : { message: fallback };
}
