/**
 * Reads an answer's body, refusing more than `limit` bytes before reading them all: the size is
 * judged from Content-Length first, then again as the bytes arrive (the header may be missing or
 * wrong). `tooLarge` throws the caller's own error, which names the file and what to do.
 */
export async function readCapped(response: Response, limit: number, tooLarge: () => never): Promise<Uint8Array> {
  if (Number(response.headers.get('content-length') ?? 0) > limit) {
    await response.body?.cancel();
    tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  try {
    for (let next = await reader?.read(); next && !next.done; next = await reader?.read()) {
      size += next.value.byteLength;
      if (size > limit) tooLarge();
      chunks.push(next.value);
    }
  } finally {
    if (size > limit) await reader?.cancel();
  }
  return Buffer.concat(chunks);
}
