/**
 * Mail links per service (issue 27): a service with its own `siteUrl` sends its readers back to
 * that site, and the others keep the server's FOYER_SITE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../src/index';
import { seedConfig } from '../src/seed-config';
import { exportConfig } from '../src/site-config/export';
import { mailbox, register, registerBody, testServer } from './helpers';

let server: PreparedServer;

beforeAll(async () => {
  server = await testServer({
    siteUrl: 'http://site.test:8080',
    seed: {
      ...seedConfig,
      services: seedConfig.services.map((service) =>
        service.name === 'demo' ? { ...service, siteUrl: 'https://news.example.com/reader' } : service,
      ),
    },
  });
});
afterAll(() => server.close());

describe('mail links', () => {
  it("lead to the service's own site when its configuration names one", async () => {
    expect((await register(server, registerBody('site-url@foyer.test'))).statusCode).toBe(201);
    const mail = (await mailbox(server)).find((message) => message.to === 'site-url@foyer.test')!;
    expect(mail.text).toMatch(/https:\/\/news\.example\.com\/reader\/activate\?activationKey=/);
    expect(mail.text).not.toContain('site.test');
    // Exported with the service, like every other setting.
    const demo = (await exportConfig(server.db)).services.find((service) => service.name === 'demo');
    expect(demo).toMatchObject({ siteUrl: 'https://news.example.com/reader' });
  });
});
