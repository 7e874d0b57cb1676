import { describe, expect, it } from 'vitest';
import { USER_LIST_MESSAGES, userListQuerySchema } from './user-list.js';

const fieldErrors = (query: object) =>
  Object.fromEntries(
    (userListQuerySchema.safeParse({ limit: 10, offset: 0, ...query }).error?.issues ?? []).map((issue) => [
      issue.path.join('.'),
      issue.message,
    ]),
  );

describe('the users list query', () => {
  it('names the choices of each filter and sort it refuses', () => {
    expect(fieldErrors({ status: 'Nope', mfa: 'maybe', sort: "';drop", order: 'up' })).toEqual({
      status: 'Status should be one of Confirmed, Disabled, ForceResetPassword or WaitConfirmation',
      mfa: 'MFA should be enrolled or notEnrolled',
      sort: 'Sort should be one of name, email, status, lastSignInAt or updatedAt',
      order: 'Order should be ASC or DESC',
    });
    expect(USER_LIST_MESSAGES.order).toBe('Order should be ASC or DESC');
  });

  it('takes every listed choice', () => {
    expect(fieldErrors({ status: 'WaitConfirmation', mfa: 'enrolled', sort: 'name', order: 'ASC' })).toEqual(
      {},
    );
  });
});
