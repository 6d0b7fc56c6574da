import { describe, expect, it } from 'vitest';
import { BaseUrlError, joinUrl, parseBaseUrl, readTypedAddress, urlForDisplay } from '../../electron/core/http/base-url';

describe('base URL rule', () => {
  it('accepts https and keeps the path prefix without a trailing slash', () => {
    expect(parseBaseUrl('https://learn.example.edu/learn/').href).toBe('https://learn.example.edu/learn');
    expect(parseBaseUrl('  https://learn.example.edu  ').origin).toBe('https://learn.example.edu');
  });

  it.each(['http://127.0.0.1:4000/learn', 'http://localhost:4000/learn', 'http://LOCALHOST/learn', 'http://[::1]:4000/learn'])('accepts plain http on this machine: %s', (raw) => {
    expect(parseBaseUrl(raw).protocol).toBe('http:');
  });

  it.each([
    ['http://learn.example.edu/learn', /https/],
    ['http://127.0.0.1.example.com/learn', /https/],
    ['http://10.0.0.5/learn', /https/],
    ['ftp://learn.example.edu', /https/],
    ['learn.example.edu', /not a web address/],
    ['https://me:pw@learn.example.edu/learn', /user name or password/],
    ['https://learn.example.edu/learn?x=1', /query/],
    ['https://learn.example.edu/learn#top', /fragment/],
  ])('refuses %s with a message saying why', (raw, reason) => {
    expect(() => parseBaseUrl(raw)).toThrow(BaseUrlError);
    expect(() => parseBaseUrl(raw)).toThrow(reason);
  });

  it('names the service in the message', () => {
    expect(() => parseBaseUrl('http://ally.example.com', 'Ally')).toThrow(/Ally must be reached over https/);
  });

  it('joins the prefix and an API path, keeping encoded segments as they are', () => {
    const base = parseBaseUrl('https://learn.example.edu/learn');
    expect(joinUrl(base, '/api/public/v3/courses/courseId:PSYC-101').href).toBe('https://learn.example.edu/learn/api/public/v3/courses/courseId:PSYC-101');
    expect(joinUrl(parseBaseUrl('https://h.example.edu'), 'api/x%2Fy').pathname).toBe('/api/x%2Fy');
  });

  it('shows a URL without its query (queries can hold tokens)', () => {
    expect(urlForDisplay('https://h.example.edu/learn/api/x?access_token=abc&offset=100')).toBe('https://h.example.edu/learn/api/x');
  });

  describe('an address as a person types it', () => {
    it.each([
      ['learn.school.edu', 'https://learn.school.edu/'],
      ['  LEARN.School.EDU/learn/  ', 'https://learn.school.edu/learn/'],
      ['Learn.School.edu:8443', 'https://learn.school.edu:8443/'],
      ['HTTPS://learn.school.edu/ultra/course?x=1', 'https://learn.school.edu/ultra/course?x=1'],
      ['127.0.0.1:4010', 'http://127.0.0.1:4010/'],
      ['localhost:4010/learn', 'http://localhost:4010/learn'],
      ['[::1]:4010', 'http://[::1]:4010/'],
    ])('reads %s as %s (https unless it is this computer)', (raw, href) => {
      expect(readTypedAddress(raw).href).toBe(href);
    });

    it.each([
      ['http://learn.school.edu', /https/],
      ['http://10.0.0.5:4010', /https/],
      ['ftp://learn.school.edu', /https/],
      ['me:pw@learn.school.edu', /user name or password/],
      ['https://me@learn.school.edu', /user name or password/],
      ['', /not a web address/],
      ['learn school edu', /not a web address/],
    ])('keeps the security rules: refuses %s', (raw, reason) => {
      expect(() => readTypedAddress(raw)).toThrow(BaseUrlError);
      expect(() => readTypedAddress(raw)).toThrow(reason);
    });
  });
});
