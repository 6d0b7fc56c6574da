import { describe, expect, it } from 'vitest';
import { decodeCsv } from '../../shared/csv/decode';
import { notTextReason } from '../../shared/csv/not-text';
import { inEnglish } from '../support/english';

/** A file the instructor picked, decoded as the import does, then judged. */
function judge(bytes: Uint8Array, name: string): string | null {
  return inEnglish(notTextReason(bytes, decodeCsv(bytes).text, name)) ?? null;
}

/** Deterministic noise (a picture's or a program's bytes): every byte value, scrambled. */
function noise(length: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = 12345;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    out[i] = x >> 16;
  }
  return out;
}

describe('a file that is not text', () => {
  it('is refused with what it is and what to choose instead', () => {
    const reason = judge(noise(4000), 'roll.csv');
    expect(reason).toBe('it is not a text file, so not a CSV file. Choose the CSV file your spreadsheet saved or Learn exported.');
  });

  it('names an Excel workbook and says how to save it as a CSV', () => {
    const xlsx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...noise(2000)]);
    expect(judge(xlsx, 'Week 3.xlsx')).toMatch(/^it is a spreadsheet workbook, not a CSV file\. .*“CSV UTF-8”/);
    expect(judge(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a]), 'scan.csv')).toMatch(/it is a PDF, not a CSV file/);
  });

  it('lets every spreadsheet CSV through: accents in Windows-1252, UTF-16 with its mark, tabs and line breaks', () => {
    const latin = new Uint8Array([...Buffer.from('Name;Status\r\nM', 'latin1'), 0xfc, ...Buffer.from('ller;P\r\n', 'latin1')]);
    expect(judge(latin, 'excel.csv')).toBeNull();
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from('Name\tStatus\r\nMüller\tP\r\n', 'utf16le')]);
    expect(judge(utf16, 'unicode.txt')).toBeNull();
    expect(judge(new Uint8Array(Buffer.from('Username,2026-09-01\nmokafor,P\n')), 'learn.csv')).toBeNull();
    expect(judge(new Uint8Array(), 'empty.csv')).toBeNull();
  });
});
