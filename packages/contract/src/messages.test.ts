import { describe, expect, it } from 'vitest';
import {
  activeStatus,
  GRANT_TYPE_LABELS,
  MFA_STATUS_COLORS,
  mfaMenu,
  OAUTH_SCOPE_LABELS,
  PIPELINE_ACCESS_LABELS,
  STORAGE_TYPE_LABELS,
  USER_STATUS_COLORS,
} from './enums.js';
import {
  APP_SWITCHER_UNKNOWN_SERVICE,
  CONFIRMATIONS,
  defaultButtonText,
  MESSAGES,
  TOASTS,
  WARNINGS,
} from './messages.js';
import { REFUSALS, SALESFORCE_LOGIN_FAILURES } from './refusals.js';
import { groupPatchSchema } from './resources/group.js';
import { hasLicenceLevelForEach, productsWithoutLicenceLevel } from './resources/role.js';
import { SERVER_PAGES } from './server-pages.js';

/** The spec's own words (SPEC.md §1, §4, §5, §8), spelling included; a change here is a change of the spec. */
const SPEC_TEXTS = [
  'Tanant name was successfully updated',
  'Copied to clipboard',
  'You were successfully logged out',
  'Client secret was successfully regenerated',
  'Identity Provider was successfully created',
  'IdentityProvider was successfully deleted',
  'Permitted IP was successfully updated',
  'MFA device was successfully disabled',
  'Organization was successfully updated',
  'Are you sure to delete this MFA device?',
  'Confirm deletion of this IP range?',
  'All assigned users will be removed from the group!',
  'This action is irreversible. Please be certain.',
  'No Tenants found for this email',
  'Please select a tenant',
  'This MFA device is already enabled',
  'This MFA device is already disabled',
  'New MFA device name is the same',
  'Licenses must be selected to proceed.',
  'Encryption Key cannot exceed 16 characters.',
];

describe('texts', () => {
  const all = [TOASTS, CONFIRMATIONS, WARNINGS, MESSAGES].flatMap((group) => Object.values(group));

  it.each(SPEC_TEXTS)('%s', (text) => {
    expect(all).toContain(text);
  });

  it('keeps the app switcher error and button text default', () => {
    expect(APP_SWITCHER_UNKNOWN_SERVICE).toBe('AppSwitcher: unknown service');
    expect(defaultButtonText(' Okta ')).toBe('Connect Okta');
  });

  it('labels options as the spec shows them', () => {
    expect(STORAGE_TYPE_LABELS).toEqual({ Local: 'Local', AwsS3: 'AWS S3', AzureBlob: 'Azure Blob' });
    expect(GRANT_TYPE_LABELS.authorization_code).toBe('Authorization Code (for web and mobile apps)');
    expect(OAUTH_SCOPE_LABELS.offline_access).toBe('Offline Access (asks for a refresh token)');
    expect(PIPELINE_ACCESS_LABELS.Manage).toBe('Manage & Execute pipelines');
  });
});

describe('statuses', () => {
  it('colours chips as the spec says', () => {
    expect(USER_STATUS_COLORS).toEqual({
      Confirmed: 'success',
      Disabled: 'error',
      ForceResetPassword: 'info',
      WaitConfirmation: 'warning',
    });
    expect(MFA_STATUS_COLORS).toEqual({
      Enable: 'success',
      Disable: 'error',
      WaitConfirmation: 'info',
      ForceResetSecret: 'warning',
    });
    expect([activeStatus(true), activeStatus(false)]).toEqual(['Active', 'Disabled']);
  });

  it.each([
    ['Enable', false, undefined, true],
    ['Disable', true, false, false],
    ['WaitConfirmation', true, true, false],
    ['ForceResetSecret', true, true, false],
  ] as const)('MFA menu for %s', (status, enableVisible, enableDisabled, disableVisible) => {
    const menu = mfaMenu(status);
    expect(menu.enable.visible).toBe(enableVisible);
    if (enableDisabled !== undefined) expect(menu.enable.disabled).toBe(enableDisabled);
    expect(menu.disable.visible).toBe(disableVisible);
    expect(menu.delete.visible).toBe(true);
  });

  it('asks a licence level for every enabled product', () => {
    const licenses = { devopsFullAccess: false, devopsReadAccess: true, backupFullAccess: false };
    expect(hasLicenceLevelForEach(licenses, ['devOps'])).toBe(true);
    expect(hasLicenceLevelForEach(licenses, ['backup', 'devOps'])).toBe(false);
    // The form's banner names the first product still without a level.
    expect(productsWithoutLicenceLevel(licenses, ['backup', 'devOps'])).toEqual(['backup']);
    expect(
      productsWithoutLicenceLevel({ ...licenses, devopsReadAccess: false }, ['devOps', 'backup']),
    ).toEqual(['devOps', 'backup']);
  });

  it('refuses a group save that adds and removes the same user, at removeUsers', () => {
    const id = '3f2b8a1e-5c4d-4e6f-9a7b-1c2d3e4f5a6b';
    const result = groupPatchSchema.safeParse({ addUsers: [{ id }], removeUsers: [{ id }] });
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['removeUsers'], MESSAGES.groupUserAddedAndRemoved],
    ]);
    expect(groupPatchSchema.safeParse({ addUsers: [{ id }] }).success).toBe(true);
  });
});

describe('texts with values', () => {
  it('fills numbers and names into their sentences', () => {
    expect(REFUSALS.devopsSeats(1, 2)).toBe('Not enough DevOps seats: 1 available, 2 needed.');
    expect(REFUSALS.tooManyAttempts('30 seconds')).toBe('Too many attempts. Please try again in 30 seconds.');
    expect(REFUSALS.role.serviceNotEnabled('DevOps')).toBe('DevOps is not enabled for your organization');
    expect(SALESFORCE_LOGIN_FAILURES.loginRejected('')).toBe(
      'Salesforce did not accept the login. Use Update Token to try again.',
    );
    expect(SALESFORCE_LOGIN_FAILURES.loginRejected('expired')).toBe(
      'Salesforce did not accept the login (expired). Use Update Token to try again.',
    );
    expect(SERVER_PAGES.signOut.question()).toBe('Do you want to sign out of the console?');
    expect(SERVER_PAGES.signOut.question('Portal')).toBe(
      'Do you want to sign out of the console and from Portal?',
    );
  });
});
