import { MESSAGES, mfaEndpoints, passkeyEndpoints, recoveryCodeEndpoints } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, lastMailTo, type TestUser, useTestApp } from '../../../test/app.js';
import { SoftwareAuthenticator } from '../../../test/webauthn-authenticator.js';
import { currentCode } from './totp.js';

const PASSWORD = 'Adding-password1';
const secretOf = (otpPathUrl: string) => new URL(otpPathUrl).searchParams.get('secret')!;
/** The confirming code used the current time step; an app shows the next one 30 seconds later. */
const nextCode = (secret: string) => currentCode(secret, Date.now() + 30_000);
type Options = { challenge: string };

describe('adding a factor beside another asks for the step-up', () => {
  const t = useTestApp();
  const api = apiCaller(t);
  const key = () => new SoftwareAuthenticator('localhost', t.config.publicUrl);

  const user = () => createTenantWithUser(t, { password: PASSWORD });
  const createDevice = (u: TestUser, name: string, proof: object = {}) =>
    api.call(u, mfaEndpoints.create, { body: { name, ...proof } });
  const confirm = (u: TestUser, id: string, secret: string) =>
    api.call(u, mfaEndpoints.verify, { params: { id }, body: { code: currentCode(secret) } });

  /** A confirmed device, added with `proof` when the user has a factor already. */
  async function device(u: TestUser, name = 'Phone', proof: object = {}) {
    const created = (await createDevice(u, name, proof)).result();
    const secret = secretOf(created.otpPathUrl);
    expect((await confirm(u, created.id, secret)).result().status).toBe('Enable');
    return { id: created.id, secret };
  }
  const optionsFor = (u: TestUser, proof?: object) =>
    api.call(u, passkeyEndpoints.registrationOptions, { body: proof });
  async function passkey(u: TestUser, name = 'Laptop', proof?: object) {
    const options = (await optionsFor(u, proof)).result().options as Options;
    const res = await api.call(u, passkeyEndpoints.create, {
      body: { name, response: key().register(options) },
    });
    expect(res.statusCode).toBe(201);
  }
  const devicesOf = async (u: TestUser) => (await api.call(u, mfaEndpoints.list)).result().total;
  const passkeysOf = async (u: TestUser) => (await api.call(u, passkeyEndpoints.list)).result().passkeys;
  const expectStepUpAsked = (res: { statusCode: number; json(): { fields?: object } }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ code: MESSAGES.mfaStepUpRequired });
  };

  it('refuses a second authenticator with the session alone, adds it with the password or a code', async () => {
    const u = await user();
    const first = await device(u);
    expectStepUpAsked(await createDevice(u, 'Tablet'));
    const wrong = await createDevice(u, 'Tablet', { password: 'Not-the-password1' });
    expect(wrong.json().fields).toEqual({ password: MESSAGES.currentPasswordIncorrect });
    expect(await devicesOf(u)).toBe(1);
    await device(u, 'Tablet', { password: PASSWORD });
    await device(u, 'Spare', { code: nextCode(first.secret) });
    expect(await devicesOf(u)).toBe(3);
  });

  it('asks a passkey-only user for the step-up before an authenticator', async () => {
    const u = await user();
    await passkey(u);
    expectStepUpAsked(await createDevice(u, 'Phone'));
    expect(await devicesOf(u)).toBe(0);
    await device(u, 'Phone', { password: PASSWORD });
  });

  it('refuses a passkey beside an authenticator without the step-up, registers it with one', async () => {
    const u = await user();
    const { secret } = await device(u);
    expectStepUpAsked(await optionsFor(u));
    expectStepUpAsked(await optionsFor(u, {}));
    await passkey(u, 'Laptop', { code: nextCode(secret) });
    expect(await passkeysOf(u)).toHaveLength(1);
  });

  it('refuses a second passkey without the step-up', async () => {
    const u = await user();
    await passkey(u);
    expectStepUpAsked(await optionsFor(u));
    await passkey(u, 'Phone', { password: PASSWORD });
    expect(await passkeysOf(u)).toHaveLength(2);
  });

  it('does not register a passkey from a challenge given before the user had a factor', async () => {
    const u = await user();
    // Asked while the user had no factor: no step-up, and the challenge says so.
    const early = (await optionsFor(u)).result().options as Options;
    await device(u);
    const res = await api.call(u, passkeyEndpoints.create, {
      body: { name: 'Late', response: key().register(early) },
    });
    expectStepUpAsked(res);
    expect(await passkeysOf(u)).toEqual([]);
  });

  it('does not confirm a device whose secret was issued before the user had a factor', async () => {
    const u = await user();
    const early = (await createDevice(u, 'Early')).result();
    await passkey(u);
    expectStepUpAsked(await confirm(u, early.id, secretOf(early.otpPathUrl)));
    // A new secret for it, given with the step-up, is confirmed.
    const reset = await api.call(u, mfaEndpoints.reset, { params: { id: early.id }, body: {} });
    expectStepUpAsked(reset);
    const again = (
      await api.call(u, mfaEndpoints.reset, { params: { id: early.id }, body: { password: PASSWORD } })
    ).result();
    expect((await confirm(u, early.id, secretOf(again.otpPathUrl))).result().status).toBe('Enable');
  });

  it('answers whether the user has a factor with the recovery codes’ status', async () => {
    const u = await user();
    expect((await api.call(u, recoveryCodeEndpoints.status)).result().enrolled).toBe(false);
    await passkey(u);
    expect((await api.call(u, recoveryCodeEndpoints.status)).result().enrolled).toBe(true);
  });
});

describe('the user is e-mailed when a factor is added or removed', () => {
  const t = useTestApp();
  const api = apiCaller(t);
  const key = () => new SoftwareAuthenticator('localhost', t.config.publicUrl);

  const subjectOf = async (u: TestUser) => (await lastMailTo(t, u.email)).subject;
  const ADDED = 'A second factor was added to your Skyvault account';
  const REMOVED = 'A second factor was removed from your Skyvault account';

  it('for an authenticator confirmed, disabled, enabled again and deleted', async () => {
    const u = await createTenantWithUser(t, { password: PASSWORD });
    const created = (await api.call(u, mfaEndpoints.create, { body: { name: 'Work-phone' } })).result();
    const secret = secretOf(created.otpPathUrl);
    const params = { id: created.id };
    await api.call(u, mfaEndpoints.verify, { params, body: { code: currentCode(secret) } });
    const added = await lastMailTo(t, u.email);
    expect(added.subject).toBe(ADDED);
    expect(added.text).toContain('The authenticator app "Work-phone" was added to your account');
    await api.call(u, mfaEndpoints.disable, { params, body: { password: PASSWORD } });
    expect(await subjectOf(u)).toBe(REMOVED);
    await api.call(u, mfaEndpoints.enable, { params });
    expect(await subjectOf(u)).toBe(ADDED);
    await api.call(u, mfaEndpoints.remove, { params, body: { password: PASSWORD } });
    const removed = await lastMailTo(t, u.email);
    expect(removed.subject).toBe(REMOVED);
    expect(removed.text).toContain('"Work-phone" was removed');
  });

  it('for a passkey added and deleted, and recovery codes made anew', async () => {
    const u = await createTenantWithUser(t, { password: PASSWORD });
    const options = (await api.call(u, passkeyEndpoints.registrationOptions)).result().options as Options;
    const created = await api.call(u, passkeyEndpoints.create, {
      body: { name: 'Laptop', response: key().register(options) },
    });
    const added = await lastMailTo(t, u.email);
    expect(added.subject).toBe(ADDED);
    expect(added.text).toContain('The passkey "Laptop" was added');
    const regenerated = await api.call(u, recoveryCodeEndpoints.regenerate, { body: { password: PASSWORD } });
    expect(regenerated.statusCode).toBe(200);
    expect((await lastMailTo(t, u.email)).text).toContain('New recovery codes were made');
    const params = { id: created.result().passkey.id };
    await api.call(u, passkeyEndpoints.remove, { params, body: { password: PASSWORD } });
    const removed = await lastMailTo(t, u.email);
    expect(removed.subject).toBe(REMOVED);
    expect(removed.text).toContain('The passkey "Laptop" was removed');
  });

  it('not for a device that was never confirmed', async () => {
    const u = await createTenantWithUser(t);
    const created = (await api.call(u, mfaEndpoints.create, { body: { name: 'Abandoned' } })).result();
    await api.call(u, mfaEndpoints.remove, { params: { id: created.id } });
    await expect(lastMailTo(t, u.email)).rejects.toThrow('No e-mail');
  });
});
