/** A key pair s3rver accepts, long enough for the contract's credential rules (16 characters or more). */
export const S3_TEST_KEYS = {
  accessKeyId: 'AKIAS3RVERTESTKEY01',
  secretAccessKey: 'S3rverTestSecretAccessKey0123456789abcdef',
} as const;
