import { describe, expect, it } from 'vitest';
import { safeUrl } from './logging.js';

describe('safeUrl', () => {
  it('keeps one-time codes and tokens out of log lines', () => {
    expect(safeUrl('/api/v1/auth/change-password/abc123')).toBe('/api/v1/auth/change-password/[redacted]');
    expect(safeUrl('/auth/change-password?code=abc&redirectTo=%2Fusers')).toBe(
      '/auth/change-password?code=%5Bredacted%5D&redirectTo=%2Fusers',
    );
    expect(safeUrl('/api/v1/users?limit=10')).toBe('/api/v1/users?limit=10');
  });
});
