import type { IpcResult } from '../../shared/ipc/contract';

/**
 * The value of an IPC answer, or the test fails with the host's own message: a refused call in a
 * test that expects success should say why, not fail later on an undefined value.
 */
export async function ok<T>(answer: Promise<IpcResult<T> | { ok: true; value: T } | { ok: false; error: { message: string } }>): Promise<T> {
  const result = await answer;
  if (!result.ok) throw new Error(`call failed: ${result.error.message}`);
  return result.value;
}
