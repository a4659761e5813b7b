import '../../test/setup';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountActivationAttributesSchema } from '@foyer/protocol';
import { fakeIdentityServer, makeHarness, renderWith, type Reply } from '../../test/harness';
import AccountActivationWidget from './index';

function setup(reply: Reply, query: Record<string, string> = { activationKey: 'act-1' }, attributes = {}) {
  const server = fakeIdentityServer({ 'POST /userProfileActivationWorkflow/act-1': () => reply });
  const parsed = accountActivationAttributesSchema.parse(attributes);
  const harness = makeHarness({ fetch: server.fetch, attributes: parsed, frame: { query } });
  renderWith(harness, <AccountActivationWidget attributes={parsed} />);
  return { server, harness };
}

describe('account-activation widget', () => {
  it('activates with the page key once, shows success and publishes it', async () => {
    const { server, harness } = setup({ status: 200, body: { guid: 'g1', state: 'ACTIVE' } });
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Your account has been activated. You can now log in.');
    expect(alert.className).toContain('message-success');
    expect(server.requests).toHaveLength(1);
    expect(harness.published).toEqual([{ name: 'accountActivation.success', payload: { guid: 'g1' } }]);
  });

  it('activates a single-use key once even when the widget mounts twice in the frame', async () => {
    const { server, harness } = setup({ status: 200, body: { guid: 'g1', state: 'ACTIVE' } });
    renderWith(harness, <AccountActivationWidget attributes={accountActivationAttributesSchema.parse({})} />);
    expect(await screen.findAllByRole('alert')).toHaveLength(2);
    expect(server.requests).toHaveLength(1);
  });

  it('a locked account is a warning', async () => {
    setup({ status: 200, body: { guid: 'g1', state: 'LOCKED' } });
    expect((await screen.findByRole('alert')).className).toContain('message-warning');
  });

  it('a used or unknown key is danger with its catalogue text', async () => {
    const { harness } = setup({ status: 404, body: { code: 'ACTIVATION_KEY_NOT_FOUND' } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This activation link has already been used or has expired.');
    expect(alert.className).toContain('message-danger');
    expect(harness.published[0]?.name).toBe('accountActivation.failed');
  });

  it('says "Couldn\'t find the activation key!" without a request when the page has none', async () => {
    const { server } = setup({ status: 200, body: {} }, {});
    expect((await screen.findByRole('alert')).textContent).toBe("Couldn't find the activation key!");
    expect(server.requests).toHaveLength(0);
  });

  it('offers Cancel when showCancel, publishing accountActivation.cancelled', async () => {
    const { harness } = setup({ status: 200, body: { guid: 'g1', state: 'ACTIVE' } }, undefined, {
      showCancel: 'true',
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(harness.published.at(-1)).toEqual({ name: 'accountActivation.cancelled', payload: {} });
  });
});
