import type { SessionUser } from '@skyvault/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { adminUser } from '../../test/fixtures';
import { clearLoggedIn } from './loggedInFlag';
import { mustEnrolMfa, skipMfaEnrolment } from './mfaEnrolment';

const withEnrolment = (restricted: boolean): SessionUser => ({
  ...adminUser,
  mfaEnrolment: { restricted, graceDaysLeft: restricted ? 0 : 4, passkeysAvailable: true },
});

describe('mustEnrolMfa', () => {
  afterEach(() => sessionStorage.clear());

  it('holds a user without the enrolment nowhere', () => {
    expect(mustEnrolMfa(adminUser)).toBe(false);
  });

  it('holds a restricted session always, a grace one until skipped by that user', () => {
    expect(mustEnrolMfa(withEnrolment(true))).toBe(true);
    expect(mustEnrolMfa(withEnrolment(false))).toBe(true);
    skipMfaEnrolment('another-user');
    expect(mustEnrolMfa(withEnrolment(false))).toBe(true);
    skipMfaEnrolment(adminUser.id);
    expect(mustEnrolMfa(withEnrolment(false))).toBe(false);
    expect(mustEnrolMfa(withEnrolment(true))).toBe(true);
  });

  it('forgets the skip when the sign-in ends', () => {
    skipMfaEnrolment(adminUser.id);
    clearLoggedIn();
    expect(mustEnrolMfa(withEnrolment(false))).toBe(true);
  });
});
