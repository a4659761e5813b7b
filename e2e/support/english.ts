/**
 * The English texts a Spanish or Brazilian page must not show: every English text of the frame's
 * tables (core and per widget) and of the server's seeded templates whose translation differs,
 * minus any text that is also a text of that language ('Total' is Spanish too).
 */
import { EN } from '../../apps/frame/src/i18n/en';
import es, { templateLabels as esTemplateLabels } from '../../apps/frame/src/i18n/es';
import ptBR, { templateLabels as ptTemplateLabels } from '../../apps/frame/src/i18n/pt-BR';
import * as checkout from '../../apps/frame/src/widgets/_checkout/messages';
import * as password from '../../apps/frame/src/widgets/_password/messages';
import * as purchase from '../../apps/frame/src/widgets/_purchase/messages';
import * as session from '../../apps/frame/src/widgets/_session/messages';
import * as account from '../../apps/frame/src/widgets/_subscriptions/messages';
import * as editProfile from '../../apps/frame/src/widgets/edit-profile/messages';
import * as forgotPassword from '../../apps/frame/src/widgets/forgot-password/messages';
import * as productProfile from '../../apps/frame/src/widgets/product-profile/messages';
import * as registration from '../../apps/frame/src/widgets/registration/messages';
import { seedConfig } from '../../apps/server/src/seed-config';
import { addressGroup } from '../../apps/server/src/widget/addresses';

type Table = Readonly<Record<string, string>>;
type Locale = 'es' | 'pt-BR';

const widgetTables = [
  checkout,
  password,
  purchase,
  session,
  account,
  editProfile,
  forgotPassword,
  productProfile,
  registration,
]
  .flatMap((module) => Object.values(module))
  .filter(
    (value): value is Record<'en' | Locale, Table> => typeof value === 'object' && value !== null && 'en' in value,
  );

/** The seeded templates' English labels by attribute or group name. */
function templateEnglish(): Table {
  const labels: Record<string, string> = {};
  const attributes = [
    ...seedConfig.realms.flatMap((realm) => realm.attributes ?? []),
    ...seedConfig.authenticationSchemes.flatMap((scheme) =>
      [scheme.loginTemplate, scheme.registrationTemplate].flatMap((template) =>
        template ? [...template.identifiers, ...template.validators, ...template.attributes] : [],
      ),
    ),
  ];
  for (const attribute of attributes) if (attribute.label) labels[attribute.name] = attribute.label;
  for (const group of [addressGroup('delivery'), addressGroup('billing')]) {
    labels[group.name] = group.displayName;
    for (const attribute of group.attributes) labels[attribute.name] = attribute.label;
  }
  return labels;
}

export function englishOnly(locale: Locale): string[] {
  const pairs: [Table, Table][] = [
    [EN, locale === 'es' ? es : ptBR],
    [templateEnglish(), locale === 'es' ? esTemplateLabels : ptTemplateLabels],
    ...widgetTables.map((table): [Table, Table] => [table.en, table[locale]]),
  ];
  const own = new Set(pairs.flatMap(([, translated]) => Object.values(translated)));
  const english = pairs.flatMap(([en, translated]) =>
    Object.entries(en)
      .filter(([key, text]) => translated[key] !== text)
      .map(([, text]) => text),
  );
  // Texts with placeholders are checked through their filled-in parts elsewhere; very short ones
  // ('No.', 'OK') would match inside words of the other language.
  return [...new Set(english)].filter((text) => !own.has(text) && !text.includes('{') && text.length >= 4);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The English texts of `english` found in `shown`, as whole words. */
export function englishIn(shown: string, english: readonly string[]): string[] {
  return english.filter((text) => new RegExp(`(^|[^\\p{L}])${escape(text)}($|[^\\p{L}])`, 'u').test(shown));
}
