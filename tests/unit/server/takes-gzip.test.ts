// Accept-Encoding as the lists' answers read it (routes/admin/gzip-answer.ts): gzip named or
// `*`, without q=0; a refusal of gzip stands over `*`.
import { expect, it } from 'vitest';
import { takesGzip } from '../../../src/server/routes/admin/gzip-answer';

it.each([
  [undefined, false],
  ['', false],
  ['gzip', true],
  ['gzip, deflate, br, zstd', true],
  ['br;q=1.0, GZIP;q=0.5', true],
  ['deflate, br', false],
  ['identity', false],
  ['gzip;q=0', false],
  ['gzip; q=0.0, identity', false],
  ['*', true],
  ['*;q=0', false],
  ['*, gzip;q=0', false],
  ['br, *;q=0.1', true],
])('Accept-Encoding %j takes gzip: %s', (header, expected) => {
  expect(takesGzip(header)).toBe(expected);
});
