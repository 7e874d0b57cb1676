import { describe, expect, it } from 'vitest';
import { groupSecret, otpSecret } from './otpauth';

describe('otpSecret', () => {
  it('reads the secret of an otpauth link', () => {
    expect(
      otpSecret('otpauth://totp/Skyvault:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Skyvault&digits=6'),
    ).toBe('JBSWY3DPEHPK3PXP');
  });

  it('gives nothing for a link without a secret or no link at all', () => {
    expect(otpSecret('otpauth://totp/Skyvault:ada?issuer=Skyvault')).toBeUndefined();
    expect(otpSecret('not a link')).toBeUndefined();
  });
});

describe('groupSecret', () => {
  it('splits the secret into groups of four', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPAB')).toBe('JBSW Y3DP EHPK 3PXP AB');
  });
});
