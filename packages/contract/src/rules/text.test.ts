import { describe, expect, it } from 'vitest';
import { unstorableTextAt } from './text.js';

describe('text no column can hold', () => {
  it.each([
    ['a NUL character', { name: 'a\u0000b' }, 'name'],
    ['half of a surrogate pair', { credentials: { accountName: 'abc\uD800' } }, 'credentials.accountName'],
    ['a second half alone', ['ok', '\uDFFFx'], '1'],
    ['the value itself', '\u0000', '_'],
  ])('finds %s and names where it is', (_, value, path) => {
    expect(unstorableTextAt(value)).toBe(path);
  });

  it('takes every other text, whole pairs of any script included', () => {
    expect(
      unstorableTextAt({ name: '😀 𝔘 日本 é\u0301 \u202e', n: 1, list: [null, true, 'x'] }),
    ).toBeUndefined();
  });
});
