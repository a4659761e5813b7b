import '../../test/setup';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirmIdentifierAttributesSchema } from '@foyer/protocol';
import { fakeIdentityServer, makeHarness, renderWith, type Reply } from '../../test/harness';
import ConfirmIdentifierWidget from './index';

const LINK = { guid: 'g1', identifierChangeKey: 'change-1', serviceName: 'demo' };

function setup(reply: Reply, query: Record<string, string> = LINK) {
  const server = fakeIdentityServer({ 'POST /userProfile/g1/identifier/confirm': () => reply });
  const parsed = confirmIdentifierAttributesSchema.parse({});
  const harness = makeHarness({ fetch: server.fetch, attributes: parsed, frame: { query } });
  renderWith(harness, <ConfirmIdentifierWidget attributes={parsed} />);
  return { server, harness };
}

describe('confirm-identifier widget', () => {
  it('confirms with the page key once, shows success and publishes it', async () => {
    const { server, harness } = setup({ status: 204 });
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Your new e-mail address is confirmed. Log in with it.');
    expect(alert.className).toContain('message-success');
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.body).toEqual({ key: 'change-1' });
    expect(harness.published).toEqual([{ name: 'identifierChange.confirmed', payload: { guid: 'g1' } }]);
  });

  it('confirms a single-use key once even when the widget mounts twice in the frame', async () => {
    const { server, harness } = setup({ status: 204 });
    renderWith(harness, <ConfirmIdentifierWidget attributes={confirmIdentifierAttributesSchema.parse({})} />);
    expect(await screen.findAllByRole('alert')).toHaveLength(2);
    expect(server.requests).toHaveLength(1);
  });

  it('a used or unknown key is danger with a confirmation-link text and publishes identifierChange.failed', async () => {
    const { harness } = setup({ status: 404, body: { code: 'ACTIVATION_KEY_NOT_FOUND' } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This confirmation link has already been used or has expired.');
    expect(alert.className).toContain('message-danger');
    expect(harness.published).toEqual([
      { name: 'identifierChange.failed', payload: { code: 'ACTIVATION_KEY_NOT_FOUND', statusCode: 404 } },
    ]);
  });

  it('says the key is missing without a request when the page lacks the guid or the key', async () => {
    const { server } = setup({ status: 204 }, { identifierChangeKey: 'change-1' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe("Couldn't find the confirmation key!");
    expect(alert.className).toContain('message-danger');
    expect(server.requests).toHaveLength(0);
  });
});
