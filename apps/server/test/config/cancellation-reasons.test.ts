/**
 * Cancellation reasons are translatable configuration (issue 27): stored per reason with labels
 * per language (migration 038 moved the shipped ones out of the `List_Reasons_Cancel` property
 * and translated them), exported and imported, and served to the cancel widget in the visitor's
 * language (Accept-Language), English when it has none; the answer keeps its `{ name, value }` shape.
 */
import { parseCancellationReasons, propertySchema } from '@foyer/api';
import { cancellationReasonLabel, parseSiteConfig, siteConfigOrThrow } from '@foyer/api/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../../src/index';
import { applyConfig } from '../../src/site-config/apply';
import { exportConfig } from '../../src/site-config/export';
import { loginOk, testServer } from '../helpers';

let server: PreparedServer;
let session = '';
beforeAll(async () => {
  server = await testServer();
  session = (await loginOk(server)).mainSession.sessionId;
});
afterAll(() => server?.close());

/** The reasons as the cancel widget reads them, asked in `language`. */
async function reasons(language?: string): Promise<{ key: string; value: string }[]> {
  const response = await server.app.inject({
    method: 'GET',
    url: `/pm/api/properties/List_Reasons_Cancel?ev_ss=${session}`,
    headers: language ? { 'accept-language': language } : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  const property = propertySchema.parse(response.json());
  expect(property.name).toBe('List_Reasons_Cancel');
  return parseCancellationReasons(property.value);
}

describe('the cancellation reasons', () => {
  it('come out of the migration with their translations, in their order', async () => {
    const exported = await exportConfig(server.db);
    expect(exported.cancellationReasons?.[0]).toEqual({
      key: 'TOO_EXPENSIVE',
      label: 'It is too expensive',
      labels: { es: 'Es demasiado caro', 'pt-BR': 'É caro demais' },
    });
    expect(exported.cancellationReasons?.map((reason) => reason.key)).toEqual([
      'TOO_EXPENSIVE',
      'NOT_USED',
      'CONTENT',
      'OTHER',
    ]);
    expect(await server.db.query(`SELECT 1 FROM properties WHERE name = 'List_Reasons_Cancel'`)).toEqual([]);
  });

  it("are served in the visitor's language, English when it has none", async () => {
    expect((await reasons())[0]).toEqual({ key: 'TOO_EXPENSIVE', value: 'It is too expensive' });
    expect((await reasons('es-ES,es;q=0.9,en;q=0.8'))[0]?.value).toBe('Es demasiado caro');
    expect((await reasons('pt'))[3]?.value).toBe('Outro motivo');
    expect((await reasons('fr-FR,fr;q=0.9'))[1]?.value).toBe('I do not use it enough');
    // The first language decides; a lower-ranked one is not looked for.
    expect((await reasons('de;q=0.5,es;q=0.9'))[0]?.value).toBe('Es demasiado caro');
  });

  it("an owner's reasons with their translations are applied, exported, offered and accepted", async () => {
    const before = await exportConfig(server.db);
    const config = siteConfigOrThrow({
      ...before,
      cancellationReasons: [
        {
          key: 'MOVING',
          label: 'I am moving abroad',
          labels: { es: 'Me mudo al extranjero', 'pt-BR': 'Vou me mudar' },
        },
        { key: 'PRICE', label: 'Too expensive' },
      ],
    });
    await applyConfig(server.db, config, Date.now(), { production: false });
    expect((await exportConfig(server.db)).cancellationReasons).toEqual(config.cancellationReasons);
    expect(await reasons('es-MX')).toEqual([
      { key: 'MOVING', value: 'Me mudo al extranjero' },
      { key: 'PRICE', value: 'Too expensive' },
    ]);
    expect(await reasons('pt-BR')).toEqual([
      { key: 'MOVING', value: 'Vou me mudar' },
      { key: 'PRICE', value: 'Too expensive' },
    ]);
    // A reason no longer configured is refused by the cancel call; a configured one is known.
    const { guid } = await loginOk(server);
    const cancel = (reason: string) =>
      server.app.inject({
        method: 'POST',
        url: `/pm/api/api/1.0/subscription/none/cancel/${guid}?ev_ss=${session}`,
        payload: { reason, cancelDate: '2099-01-01' },
      });
    expect((await cancel('TOO_EXPENSIVE')).json()).toMatchObject({ code: 'cancel_reason_invalid' });
    expect((await cancel('MOVING')).statusCode).toBe(404);
    await applyConfig(server.db, siteConfigOrThrow(before), Date.now(), { production: false });
    expect(await exportConfig(server.db)).toEqual(before);
  });

  it('refuse a label in a language that is not a language tag, naming its path', () => {
    const parsed = parseSiteConfig({
      ...siteConfigOrThrow({ realms: [], authenticationSchemes: [], services: [] }),
      cancellationReasons: [{ key: 'A', label: 'a', labels: { 'not a tag': 'x', es: 'b;c' } }],
    });
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.errors.join('\n')).toMatch(/cancellationReasons\[A\]\.labels\.not a tag: /);
    expect(!parsed.ok && parsed.errors.join('\n')).toMatch(/cancellationReasons\[A\]\.labels\.es: no ; in a label/);
  });

  it('pick the tag itself, else the same language, else the English label', () => {
    const reason = { key: 'A', label: 'Other', labels: { es: 'Otro', 'pt-BR': 'Outro', 'es-AR': 'Otro (AR)' } };
    expect(cancellationReasonLabel(reason, 'es-AR')).toBe('Otro (AR)');
    expect(cancellationReasonLabel(reason, 'ES-mx')).toBe('Otro');
    expect(cancellationReasonLabel(reason, 'pt-PT')).toBe('Outro');
    expect(cancellationReasonLabel(reason, 'de')).toBe('Other');
    expect(cancellationReasonLabel(reason, null)).toBe('Other');
  });
});
