import { describe, expect, it } from 'vitest';
import { IDENTITY_ERRORS } from '@foyer/api';
import { fakeIdentityServer, makeHarness, SESSION_ID } from '../../test/harness';
import { updateProfile } from '../../features/profile/update';
import { sendPasswordReset } from '../../features/identity/sendReset';
import { resendActivation } from '../../features/identity/resendActivation';
import { registerAccount } from '../../features/identity/register';
import { login } from './loginThunks';
import { missingInput } from './requiredInputs';
import { sessionStateFrom } from './sessionSlice';

const EMAIL = [{ name: 'email', value: 'demo@foyer.test' }];
const PASSWORD = [{ name: 'password', value: 'foyer-demo-1' }];

// Issue 32, item 13: the identity spec's 'X should not be empty!' assertions (§5).
describe('missingInput', () => {
  it('names the first missing input, with the spec’s text', () => {
    expect(missingInput({ realm: ' ' })?.message).toBe('Realm should not be empty!');
    expect(missingInput({ realm: 'default', identifiers: [] })?.message).toBe('Identifiers should not be empty!');
    expect(missingInput({ identifiers: EMAIL, validators: [] })?.message).toBe('Validators should not be empty!');
    expect(missingInput({ attributes: [] })?.message).toBe('Attributes should not be empty!');
    expect(missingInput({ userId: '' })?.message).toBe('User id should not be empty!');
    expect(missingInput({ userId: null })?.code).toBe('USER_ID_EMPTY');
  });

  it('checks only what a call names, and passes what is there', () => {
    expect(missingInput({})).toBeNull();
    expect(missingInput({ realm: 'default', identifiers: EMAIL, validators: PASSWORD, userId: 'guid-1' })).toBeNull();
    expect(missingInput({ attributes: EMAIL })).toBeNull();
  });

  it('every code is in the catalogue, so each language has its text', () => {
    for (const code of ['REALM_EMPTY', 'IDENTIFIERS_EMPTY', 'VALIDATORS_EMPTY', 'ATTRIBUTES_EMPTY', 'USER_ID_EMPTY'])
      expect(IDENTITY_ERRORS).toHaveProperty(code);
  });
});

describe('the calls assert their inputs before they are made', () => {
  function harness(settings: Record<string, unknown> = {}, loggedIn = false) {
    const server = fakeIdentityServer({});
    const h = makeHarness({
      fetch: server.fetch,
      settings,
      ...(loggedIn
        ? {
            preloaded: {
              session: sessionStateFrom({
                guid: 'guid-1',
                sessionId: SESSION_ID,
                expiry: Date.now() + 60_000,
                sessionCookie: false,
              }),
            },
          }
        : {}),
    });
    return { server, h };
  }

  it('login: a blank realm, no identifiers, no validators; login.failed says which', async () => {
    const { server, h } = harness({ realmName: '   ' });
    const input = { authenticationSchemeName: 'default', identifiers: EMAIL, validators: PASSWORD, rememberMe: false };
    expect(await h.store.dispatch(login(input))).toMatchObject({ ok: false, error: { code: 'REALM_EMPTY' } });
    const other = harness();
    expect(await other.h.store.dispatch(login({ ...input, identifiers: [] }))).toMatchObject({
      error: { code: 'IDENTIFIERS_EMPTY' },
    });
    expect(await other.h.store.dispatch(login({ ...input, validators: [] }))).toMatchObject({
      error: { code: 'VALIDATORS_EMPTY' },
    });
    expect(h.published).toEqual([{ name: 'login.failed', payload: { code: 'REALM_EMPTY', statusCode: 400 } }]);
    expect(server.requests).toEqual([]);
    expect(other.server.requests).toEqual([]);
  });

  it('registration: nothing to send is ATTRIBUTES_EMPTY, published as registration.failed', async () => {
    const { server, h } = harness();
    const result = await h.store.dispatch(
      registerAccount({
        scheme: 'default',
        serviceName: 'demo',
        fields: [],
        values: {},
        recaptchaResponse: null,
        autoLogin: false,
      }),
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'ATTRIBUTES_EMPTY' } });
    expect(h.published).toEqual([
      { name: 'registration.failed', payload: { code: 'ATTRIBUTES_EMPTY', statusCode: 400 } },
    ]);
    expect(server.requests).toEqual([]);
  });

  it('forgot password and resend activation: a blank realm or no identifiers', async () => {
    const { server, h } = harness({ realmName: ' ' });
    expect((await h.store.dispatch(sendPasswordReset('default', EMAIL)))?.code).toBe('REALM_EMPTY');
    expect((await h.store.dispatch(resendActivation(EMAIL)))?.code).toBe('REALM_EMPTY');
    const other = harness();
    expect((await other.h.store.dispatch(sendPasswordReset('default', [])))?.code).toBe('IDENTIFIERS_EMPTY');
    expect((await other.h.store.dispatch(resendActivation([])))?.code).toBe('IDENTIFIERS_EMPTY');
    expect([...server.requests, ...other.server.requests]).toEqual([]);
  });

  it('profile update: no attribute and no role to change is ATTRIBUTES_EMPTY; a change of roles alone goes', async () => {
    const { server, h } = harness({}, true);
    const input = { serviceName: 'demo', attributes: [], rolesToAssign: [], rolesToUnAssign: [] };
    expect(await h.store.dispatch(updateProfile(input))).toMatchObject({ error: { code: 'ATTRIBUTES_EMPTY' } });
    expect(server.requests).toEqual([]);
    await h.store.dispatch(updateProfile({ ...input, rolesToAssign: ['reader'] }));
    expect(server.requests.map((request) => request.method)).toContain('PUT');
  });
});
