/**
 * Saves a file the user asked for (a CSV export, an Ally alternative format) through the host's
 * own download handling: the desktop host shows its save dialog (Electron's default for a
 * download with no path set), browser mode the browser's download. One way for every feature, and
 * no file system access on the renderer's side.
 */
export function saveFile(fileName: string, data: Blob): void {
  // Always an opaque type: a blob: URL of HTML or SVG (an Ally format) opened on its own, rather
  // than saved, would be a document running in Rollbook's origin. The file saved is the same.
  const url = URL.createObjectURL(new Blob([data], { type: 'application/octet-stream' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own reference by now; revoke after the click's task so it can start.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A file name safe on Windows, macOS and Linux: no reserved characters, no trailing dot or space. */
export function safeFileName(name: string): string {
  const cleaned = name
    // eslint-disable-next-line no-control-regex -- control characters are what a file name must not hold
    .replace(/[<>:"/\\|?*\u0000-\u001f]+/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/[. ]+$/, '')
    .trim();
  return cleaned.slice(0, 180) || 'rollbook';
}
