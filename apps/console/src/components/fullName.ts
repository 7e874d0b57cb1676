import type { User } from '@skyvault/contract';

/** 'first last', as the list's User column and the details title show a user. */
export const fullName = (user: Pick<User, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim();
