import { describe, expect, it } from 'vitest';
import { IDENTITY_ERRORS, PASSKEY_ERRORS, SOCIAL_ERRORS } from '@foyer/api';
import { PROFILE_CATEGORIES, PURCHASE_ERRORS } from '@foyer/api/widget';
// The server's seeded templates and profile groups: the labels the frame must translate.
import { seedConfig } from '../../../../server/src/seed-config';
import { ADDRESS_FIELD_NAMES, ADDRESS_GROUP_NAMES } from '../../../../server/src/widget/addresses';
import { messages as purchaseMessages } from './purchaseMessages';
import { passkeyMessages } from '../../features/security/passkeyMessages';
import { socialMessages } from '../../features/social/messages';
import { EN } from './en';
import es, { templateLabels as esTemplateLabels } from './es';
import ptBR, { templateLabels as ptTemplateLabels } from './pt-BR';
import { LOCALES, type Messages } from './messages';

/** Every widget's messages file, found by path: a new widget is covered without editing this test. */
const widgetModules = import.meta.glob<Record<string, unknown>>('../../features/**/*essages.ts', { eager: true });

function isMessages(value: unknown): value is Messages {
  return typeof value === 'object' && value !== null && 'en' in value;
}

const placeholders = (text: string) => [...text.matchAll(/\{\d+\}/g)].map((match) => match[0]).sort();

describe('translation tables are complete', () => {
  it('the core es and pt-BR tables have every key of the English core table, and no other', () => {
    const english: Record<string, string> = EN;
    for (const table of [es, ptBR] as Record<string, string>[]) {
      expect(Object.keys(table).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(table)) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(english[key] ?? ''));
      }
    }
  });

  it('the es and pt-BR tables translate every label of the seeded templates and profile groups', () => {
    const names = new Set<string>([
      ...seedConfig.realms.flatMap((realm) => (realm.attributes ?? []).map((attribute) => attribute.name)),
      ...seedConfig.authenticationSchemes.flatMap((scheme) =>
        [scheme.loginTemplate, scheme.registrationTemplate].flatMap((template) =>
          template ? [...template.identifiers, ...template.validators, ...template.attributes].map((a) => a.name) : [],
        ),
      ),
      ...ADDRESS_FIELD_NAMES,
      ...Object.values(ADDRESS_GROUP_NAMES),
      ...PROFILE_CATEGORIES.filter((category) => category !== 'address'),
    ]);
    expect(names.size).toBeGreaterThan(10);
    for (const labels of [esTemplateLabels, ptTemplateLabels] as Record<string, string>[]) {
      for (const name of names) expect(labels[name]?.trim(), name).toBeTruthy();
      expect(Object.keys(labels).sort()).toEqual(Object.keys(esTemplateLabels).sort());
    }
  });

  it('the purchase English texts are the purchase catalogue’s', () => {
    for (const [code, entry] of Object.entries(PURCHASE_ERRORS)) expect(purchaseMessages.en[code]).toBe(entry.text);
  });

  it('the purchase texts in es and pt-BR (chunks of their own) have every English key, and no other', async () => {
    const english: Record<string, string> = purchaseMessages.en;
    const tables = [
      (await import('./purchaseMessages.es')).default,
      (await import('./purchaseMessages.pt-BR')).default,
    ];
    for (const table of tables as Record<string, string>[]) {
      expect(Object.keys(table).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(table)) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(english[key] ?? ''));
      }
    }
  });

  it('the social English texts are the social catalogue’s, and the core table has none of them', () => {
    for (const [code, entry] of Object.entries(SOCIAL_ERRORS)) {
      expect(socialMessages.en[code], code).toBe(entry.text);
      expect(EN[code], code).toBeUndefined();
    }
  });

  it('the passkey English texts are the passkey catalogue’s, and the core table has none of them', () => {
    for (const [code, entry] of Object.entries(PASSKEY_ERRORS)) {
      expect(passkeyMessages.en[code], code).toBe(entry.text);
      expect(EN[code], code).toBeUndefined();
    }
  });

  it('the core English table carries every catalogue code', () => {
    for (const code of Object.keys(IDENTITY_ERRORS))
      expect(EN[code], code).toBe(IDENTITY_ERRORS[code as keyof typeof IDENTITY_ERRORS].text);
  });

  it('finds the widget message files', () => {
    expect(Object.keys(widgetModules).length).toBeGreaterThanOrEqual(6);
  });

  // These keep their other languages in the core tables (the purchase routes' budget), checked above.
  const inCoreTables = ['features/checkout/messages.ts', 'features/purchase/selectionMessages.ts'];
  const perWidget = Object.entries(widgetModules).filter(([path]) => !inCoreTables.some((end) => path.endsWith(end)));
  for (const [path, module] of perWidget) {
    it(`${path}: every locale has every English key`, () => {
      const tables = Object.values(module).filter(isMessages);
      expect(tables.length, 'a defineMessages() export').toBeGreaterThan(0);
      for (const messages of tables) {
        const keys = Object.keys(messages.en).sort();
        for (const locale of LOCALES) {
          expect(Object.keys(messages[locale]).sort(), `${path} ${locale}`).toEqual(keys);
          for (const key of keys) {
            expect(messages[locale][key]?.trim(), `${path} ${locale} ${key}`).toBeTruthy();
            expect(placeholders(messages[locale][key] ?? ''), `${path} ${locale} ${key}`).toEqual(
              placeholders(messages.en[key] ?? ''),
            );
          }
        }
      }
    });
  }
});
