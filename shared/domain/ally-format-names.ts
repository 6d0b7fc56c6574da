/**
 * The name a saved alternative format gets: the original's name without its extension, the
 * format in words, and the extension its content type calls for ("Syllabus (ePub).epub").
 * Ally answers Tts as MP3 and the sandbox as WAV, so the extension follows the content type.
 */
const EXTENSIONS: Readonly<Record<string, string>> = {
  'text/html': 'html',
  'application/epub+zip': 'epub',
  'application/pdf': 'pdf',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
};

const LABELS: Readonly<Record<string, string>> = {
  Html: 'HTML',
  Epub: 'ePub',
  Pdf: 'Tagged PDF',
  Tts: 'Audio',
  Braille: 'Braille',
  Beeline: 'BeeLine',
};

/** "Translation:fr" -> "Translation fr"; others by their label. */
export function formatLabel(format: string): string {
  if (format.startsWith('Translation:')) return `Translation ${format.slice('Translation:'.length)}`;
  return LABELS[format] ?? format;
}

export function formatFileName(originalName: string, format: string, contentType: string): string {
  const stem = originalName.replace(/\.[^.]+$/, '') || originalName;
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  // Braille Ready Format is plain ASCII text, but readers and embossers look for .brf.
  const extension = format === 'Braille' ? 'brf' : (EXTENSIONS[type] ?? 'bin');
  return `${stem} (${formatLabel(format)}).${extension}`;
}
