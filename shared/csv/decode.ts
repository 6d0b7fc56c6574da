/**
 * Bytes of a CSV file to text. Spreadsheets save CSV in one of a few encodings and never say
 * which: UTF-8 with a byte-order mark (Excel's "CSV UTF-8"), UTF-8 without one (Google Sheets,
 * LibreOffice, Learn), UTF-16 with a mark (Excel's "Unicode text"), or Windows-1252 (Excel's plain
 * "CSV" on Western Windows). A mark decides; without one, text that is valid UTF-8 is UTF-8 (a
 * Windows-1252 file with accents is almost never valid UTF-8), anything else is Windows-1252.
 * TextDecoder knows all of them in Chromium and in Node, so this stays free of platform code.
 */
export type CsvEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'windows-1252';

export interface DecodedCsv {
  text: string;
  encoding: CsvEncoding;
}

/**
 * Decodes with the detected encoding, or with `forced` when the user chose one in the mapping
 * step (a file the guess got wrong: a UTF-8 file read as Windows-1252 shows "MÃ¼ller").
 */
export function decodeCsv(bytes: Uint8Array, forced?: CsvEncoding): DecodedCsv {
  if (forced) return { text: decodeAs(bytes, forced), encoding: forced };
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8-bom' };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

function decodeAs(bytes: Uint8Array, encoding: CsvEncoding): string {
  const marked = (n: number, ...mark: number[]): boolean => mark.every((b, i) => bytes[i] === b) && n === mark.length;
  switch (encoding) {
    case 'utf-8':
    case 'utf-8-bom':
      return new TextDecoder('utf-8').decode(marked(3, 0xef, 0xbb, 0xbf) ? bytes.subarray(3) : bytes);
    case 'utf-16le':
      return new TextDecoder('utf-16le').decode(marked(2, 0xff, 0xfe) ? bytes.subarray(2) : bytes);
    case 'windows-1252':
      return new TextDecoder('windows-1252').decode(bytes);
  }
}
