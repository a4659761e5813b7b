/**
 * The site owner's configuration (issue 27): realms, authentication schemes and their templates,
 * services, the catalogue and the paywall. One schema for the configuration file
 * (FOYER_CONFIG_FILE), the CLI's `config` commands, the server's first-run default
 * (apps/server/src/seed-config.ts, whose `SeedConfig` is this schema's output type) and, next, the
 * admin API. Objects are strict: a misspelt key is refused rather than silently ignored.
 *
 * Field checks (origins, currencies, prices) live on the fields; what needs the whole file
 * (references between sections, unique names) is checked by `crossCheck` below, once the fields
 * are valid (zod runs a refinement only on a well-formed value: fix the first messages first).
 */
import * as z from 'zod/mini';
import { isOriginPattern } from '@foyer/protocol/light';
import { attributeSchema, RECAPTCHA_SITE_KEY_LENGTH, templateSchema } from '../identity/schemas';
import { SOCIAL_NETWORKS } from '../identity/social-schemas';
import { PLAN_FREQUENCIES } from '../widget/catalogue-schemas';
import { isCurrencyCode, toMinorUnits } from '../widget/currencies';
import { WEBHOOK_EVENT_TYPES } from '../webhooks';
import { mailTextProblem, mailTextSchema } from './mail-texts';

/**
 * What `config export` writes in place of a secret, and what `config import` (and the file loader)
 * reads as "keep the secret already stored". Secrets are never read back through any interface.
 */
export const SECRET_UNCHANGED = '<secret: unchanged>';

const name = z.string().check(z.minLength(1), z.maxLength(100));
const text = z.string().check(z.maxLength(10_000));

function isOrigin(value: string): boolean {
  return URL.canParse(value) && new URL(value).origin === value;
}

/** A CSP host-source the server writes into frame-ancestors: `https://news.example.com`, `http://localhost:*`. */
const originPattern = z
  .string()
  .check(z.refine(isOriginPattern, 'not an origin (scheme://host, optionally :port or :*)'));
const origin = z.string().check(z.refine(isOrigin, 'not an origin (scheme://host[:port], no path)'));
/** A secret, or SECRET_UNCHANGED to keep the stored one. */
const secret = z.string().check(z.minLength(1), z.maxLength(500));
/** A price in major units as a decimal string ("9.99"); its decimals are checked against the plan's currency. */
const price = z.string().check(z.regex(/^\d{1,12}(\.\d{1,4})?$/, 'not a price (a decimal string such as "9.99")'));
const currency = z.string().check(z.refine(isCurrencyCode, 'not an ISO 4217 currency code'));
const label = z.string().check(z.regex(/^[\w.:-]{1,100}$/, 'not a label (letters, digits, . : _ -)'));
const count = z.int().check(z.gte(0));

export const socialNetworkConfigSchema = z.strictObject({
  clientId: z.string().check(z.minLength(1)),
  clientSecret: secret,
  /** Where the provider sends the visitor back; default `<publicUrl>/ic/api/social/callback`. */
  redirectUri: z.optional(z.url()),
  /** Provider endpoints; default the network's documented ones (tests and the demo use a stand-in). */
  authorizationEndpoint: z.optional(z.url()),
  tokenEndpoint: z.optional(z.url()),
  userInfoEndpoint: z.optional(z.url()),
});

export const webhookEndpointConfigSchema = z.strictObject({
  /** Where to POST; https only in production (http://localhost too outside it). */
  url: z.url({ protocol: /^https?$/, error: 'not an http(s) URL' }),
  /** Event types wanted (docs/your-backend.md, Webhooks), or '*' for all of them. */
  events: z.union([z.literal('*'), z.array(z.enum(WEBHOOK_EVENT_TYPES))]),
  /** The signing secret, `whsec_` + base64 of 24 to 64 random bytes (Standard Webhooks). */
  secret: z
    .string()
    .check(
      z.refine(
        (value) => value === SECRET_UNCHANGED || /^whsec_[A-Za-z0-9+/]{32,}={0,2}$/.test(value),
        'not a webhook secret (whsec_ + base64)',
      ),
    ),
});

/** What a service's `settings` column holds (read by the identity routes). */
const serviceSettingsShape = {
  /** Change password asks for the old password (default true). */
  requireOldPassword: z.optional(z.boolean()),
  /** Origins of the other sites in this service's single sign-on group. */
  ssoDomains: z.optional(z.array(origin)),
  /** reCAPTCHA site key (40 characters): registration must then carry a solved captcha. */
  recaptchaSiteKey: z.optional(
    z.string().check(z.length(RECAPTCHA_SITE_KEY_LENGTH, 'not a reCAPTCHA site key (40 characters)')),
  ),
  /** The secret that goes with the site key; default: env RECAPTCHA_SECRET. */
  recaptchaSecret: z.optional(secret),
  /** Roles users may give themselves or drop through profile update (default none). */
  assignableRoles: z.optional(z.array(name)),
  /** New accounts start INACTIVE and get an activation mail (default true). */
  requireActivation: z.optional(z.boolean()),
  /**
   * Login and registration offer "Email me a sign-in code": a 6-digit code and a link by mail that
   * sign in, or create the account with its address proven (issue 31; default false).
   */
  emailCodeSignIn: z.optional(z.boolean()),
  /** Accounts may be created with a passkey and no password (default false; issue 31). */
  passkeySignUp: z.optional(z.boolean()),
  /**
   * Every sign-in to the service needs a second factor (TOTP, issue 31): an account without one
   * must enrol before its first session (default false: offered, not required).
   */
  requireSecondFactor: z.optional(z.boolean()),
  /** Social networks the service offers; a network left out is not offered. */
  social: z.optional(
    z.strictObject(
      Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, z.optional(socialNetworkConfigSchema)])) as Record<
        (typeof SOCIAL_NETWORKS)[number],
        z.ZodMiniOptional<typeof socialNetworkConfigSchema>
      >,
    ),
  ),
  /** Scopes asked of every network besides its base ones (default `email`). */
  socialScope: z.optional(z.array(z.string())),
  /** Days a purchase awaiting its payment already grants access (default 0). */
  pendingAccessDays: z.optional(count),
  /** Where this service's mail links lead (activation, reset, invitations, receipts); default FOYER_SITE_URL. */
  siteUrl: z.optional(z.url({ protocol: /^https?$/, error: 'not an http(s) URL' })),
  /** The owner's subjects and opening paragraphs for this service's mails (mail-texts.ts). */
  mailTexts: z.optional(z.array(mailTextSchema)),
};
export const serviceSettingsSchema = z.strictObject(serviceSettingsShape);

export const serviceConfigSchema = z.strictObject({
  name,
  realmName: name,
  authenticationSchemeName: name,
  displayName: z.string().check(z.minLength(1), z.maxLength(255)),
  /** Profile attributes a user needs for this service; login answers 202 when some are missing. */
  requiredAttributes: z.array(name),
  /** CSP host-source patterns of pages allowed to embed the frames, e.g. `https://news.example.com`. */
  allowedHostOrigins: z.array(originPattern),
  /** Allowed too, but never with NODE_ENV=production (the demo site, `http://localhost:*`). */
  devHostOrigins: z.optional(z.array(originPattern)),
  /** The service frames use when the page names none (at most one). */
  default: z.optional(z.boolean()),
  /** Seeded only with the demo data (FOYER_SEED_DEMO). */
  demoOnly: z.optional(z.boolean()),
  /** Endpoints of the site's backend told of the service's events (docs/your-backend.md, "Webhooks"). */
  webhooks: z.optional(z.array(webhookEndpointConfigSchema)),
  ...serviceSettingsShape,
});

export const cataloguePlanConfigSchema = z.strictObject({
  /** Unique across the catalogue; the `_id` orders refer to. */
  id: name,
  displayName: z.string().check(z.minLength(1)),
  displayText: z.optional(text),
  description: text,
  currency,
  /** Major units as a decimal string ("12.99"); at most the currency's decimals. */
  finalPrice: price,
  /** What the first period costs, when it differs. */
  trialPrice: z.optional(price),
  /**
   * When `finalPrice` changes, how many days' notice its subscribers get: renewals of periods that
   * start before then keep the old price (default 30; 0 applies it at the next renewal).
   */
  priceChangeNoticeDays: z.optional(z.int().check(z.gte(0), z.lte(365))),
  frequency: z.enum(PLAN_FREQUENCIES),
  boosted: z.optional(z.boolean()),
  recommended: z.optional(z.boolean()),
  /** Left out of the listings and sold only to `visibleToRoles`. */
  hidden: z.optional(z.boolean()),
  visibleToRoles: z.optional(z.array(name)),
  /** Bundle plans: the products the bundle grants. */
  products: z.optional(z.array(name)),
});

export const catalogueProductConfigSchema = z.strictObject({
  name,
  displayName: z.string().check(z.minLength(1)),
  type: z.optional(z.enum(['PLAIN', 'BUNDLE'])),
  serviceName: name,
  imageUrl: z.optional(z.url()),
  features: z.optional(z.array(z.string())),
  notes: z.optional(text),
  boosted: z.optional(z.boolean()),
  recommended: z.optional(z.boolean()),
  /**
   * A hidden product or plan is left out of every listing and order unless the account holds one
   * of `visibleToRoles` (never a service's `assignableRoles`, which users give themselves).
   */
  hidden: z.optional(z.boolean()),
  visibleToRoles: z.optional(z.array(name)),
  requiresDeliveryAddress: z.optional(z.boolean()),
  requiresBillingAddress: z.optional(z.boolean()),
  /** Payment plans of a plain product, bundle plans of a bundle. */
  plans: z.array(cataloguePlanConfigSchema),
});

export const catalogueConfigSchema = z.strictObject({
  products: z.array(catalogueProductConfigSchema),
  groups: z.array(
    z.strictObject({ name, displayName: z.string(), products: z.array(name), recommended: z.optional(z.array(name)) }),
  ),
});

export const meterConfigSchema = z.strictObject({
  /** Free page views per period for an anonymous visitor (unset: none). */
  anonymous: z.optional(count),
  /** Free page views per period for a logged-in visitor without the entitlement (unset: none). */
  loggedIn: z.optional(count),
  /** The sliding window the views are counted over, in days. */
  periodDays: z.number().check(z.positive()),
});

export const segmentConfigSchema = z.strictObject({
  name: label,
  /** The page's declared section must be one of these (with `tags` empty too: every page). */
  sections: z.optional(z.array(label)),
  /** Or one of the page's declared tags must be one of these. */
  tags: z.optional(z.array(label)),
  /** Holders of any of these products read the segment freely. */
  entitledProducts: z.optional(z.array(name)),
  meter: z.optional(meterConfigSchema),
});

export const paywallTemplateConfigSchema = z.strictObject({
  kind: z.enum(['paywall', 'notifier']),
  /** Paywall: both, login or entitlement. Notifier: meter. */
  displayOn: z.enum(['both', 'login', 'entitlement', 'meter']),
  /** Only for this segment (default: any). */
  segment: z.optional(label),
  /** The language it is written in (BCP 47: 'es', 'pt-BR'; default: any, the fallback). */
  locale: z.optional(z.string().check(z.regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'not a BCP 47 language tag'))),
  /** HTML; the notifier's `{count}` and `{total}` are replaced by the meter's numbers. */
  content: z.string().check(z.maxLength(100_000)),
  modal: z.optional(z.boolean()),
});

export const disqusSiteConfigSchema = z.strictObject({
  /** The Disqus shortname the page's comment thread uses. */
  site: label,
  publicKey: z.string().check(z.minLength(1)),
  secretKey: secret,
});

export const paywallConfigSchema = z.strictObject({
  services: z.array(
    z.strictObject({
      serviceName: name,
      segments: z.array(segmentConfigSchema),
      templates: z.array(paywallTemplateConfigSchema),
      disqusSites: z.optional(z.array(disqusSiteConfigSchema)),
    }),
  ),
});

/** A reason's text: what the visitor reads (`;` separates reasons in the product manager's property). */
const reasonLabel = z.string().check(
  z.minLength(1),
  z.maxLength(200),
  z.refine((label) => !label.includes(';'), 'no ; in a label'),
);

/** A language tag (BCP 47): `es`, `pt-BR`. */
export const languageTagSchema = z
  .string()
  .check(z.regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/, 'not a language tag (es, pt-BR)'));

/**
 * A cancellation reason: `key` is what the cancel request sends, `label` what the visitor reads
 * when no translation fits (English), `labels` its translations by language tag.
 */
export const cancellationReasonSchema = z.strictObject({
  key: z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,100}$/, 'not a reason key (letters, digits, _ . -)')),
  label: reasonLabel,
  /** `{ es: 'Es demasiado caro', 'pt-BR': 'É caro demais' }`; the visitor's language picks one. */
  labels: z.optional(z.record(languageTagSchema, reasonLabel)),
});

/** Accounts created when missing and never overwritten (the demo account). */
export const accountConfigSchema = z.strictObject({
  realmName: name,
  /** Identifier name -> value; identifiers are also stored as profile attributes. */
  identifiers: z.record(z.string(), z.string()),
  password: z.string().check(z.minLength(1)),
  attributes: z.record(z.string(), z.string()),
  roles: z.array(name),
  services: z.array(name),
  state: z.enum(['ACTIVE', 'INACTIVE', 'LOCKED']),
});

const siteConfigShape = z.strictObject({
  realms: z.array(
    z.strictObject({
      name,
      /** Definitions of attributes services may require that the registration templates lack. */
      attributes: z.optional(z.array(attributeSchema)),
    }),
  ),
  authenticationSchemes: z.array(
    z.strictObject({
      name,
      realmName: name,
      identifiers: z.array(name).check(z.minLength(1)),
      validators: z.array(name).check(z.minLength(1)),
      /** The login form of the scheme (GET /ui/template/login/:scheme). */
      loginTemplate: templateSchema,
      /** GET /ui/template/registration/:scheme; the profile template is made from it too. */
      registrationTemplate: z.optional(templateSchema),
    }),
  ),
  services: z.array(serviceConfigSchema),
  /** Seeded accounts (the demo data); a configuration file usually has none. */
  accounts: z._default(z.array(accountConfigSchema), []),
  /** Products, plans (prices as decimal strings in major units) and product groups. */
  catalogue: z.optional(catalogueConfigSchema),
  /** Paywall segments, meters and templates per service, and the Disqus sites. */
  paywall: z.optional(paywallConfigSchema),
  /**
   * The reasons the account widget offers when a subscription is cancelled (the product manager's
   * `List_Reasons_Cancel` property, in the visitor's language; unset: the stored ones stay).
   */
  cancellationReasons: z.optional(z.array(cancellationReasonSchema).check(z.minLength(1))),
});

type Shape = z.output<typeof siteConfigShape>;
type Ctx = { addIssue(issue: { code: 'custom'; message: string; path: PropertyKey[]; input: unknown }): void };

/** Checks that need the whole configuration: unique names and references between sections. */
function crossCheck(config: Shape, ctx: Ctx): void {
  const issue = (path: PropertyKey[], message: string) =>
    ctx.addIssue({ code: 'custom', message, path, input: config });
  const unique = <T>(items: readonly T[], key: (item: T) => string, path: (index: number) => PropertyKey[]) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const value = key(item);
      if (seen.has(value)) issue(path(index), `${value} is defined twice`);
      seen.add(value);
    });
    return seen;
  };
  const realms = unique(
    config.realms,
    (realm) => realm.name,
    (i) => ['realms', i, 'name'],
  );
  unique(
    config.authenticationSchemes,
    (s) => s.name,
    (i) => ['authenticationSchemes', i, 'name'],
  );
  unique(
    config.cancellationReasons ?? [],
    (reason) => reason.key,
    (i) => ['cancellationReasons', i, 'key'],
  );
  const services = unique(
    config.services,
    (s) => s.name,
    (i) => ['services', i, 'name'],
  );
  config.authenticationSchemes.forEach((scheme, i) => {
    if (!realms.has(scheme.realmName)) issue(['authenticationSchemes', i, 'realmName'], `no realm ${scheme.realmName}`);
  });
  config.services.forEach((service, i) => {
    if (!realms.has(service.realmName)) issue(['services', i, 'realmName'], `no realm ${service.realmName}`);
    const scheme = config.authenticationSchemes.find((s) => s.name === service.authenticationSchemeName);
    if (!scheme) issue(['services', i, 'authenticationSchemeName'], `no scheme ${service.authenticationSchemeName}`);
    else if (scheme.realmName !== service.realmName)
      issue(['services', i, 'authenticationSchemeName'], `scheme ${scheme.name} is of realm ${scheme.realmName}`);
    if (service.recaptchaSecret !== undefined && service.recaptchaSiteKey === undefined)
      issue(['services', i, 'recaptchaSecret'], 'a secret without recaptchaSiteKey');
    unique(
      service.webhooks ?? [],
      (w) => w.url,
      (j) => ['services', i, 'webhooks', j, 'url'],
    );
    unique(
      service.mailTexts ?? [],
      (text) => `${text.mail} (${text.locale ?? 'every language'})`,
      (j) => ['services', i, 'mailTexts', j, 'mail'],
    );
    (service.mailTexts ?? []).forEach((text, j) => {
      for (const field of ['subject', 'intro'] as const) {
        const problem = text[field] === undefined ? null : mailTextProblem(text.mail, text[field]);
        if (problem) issue(['services', i, 'mailTexts', j, field], problem);
      }
    });
  });
  const defaults = config.services.flatMap((service, i) => (service.default ? [i] : []));
  for (const i of defaults.slice(1)) issue(['services', i, 'default'], 'only one service may be the default');
  config.accounts.forEach((account, i) => {
    if (!realms.has(account.realmName)) issue(['accounts', i, 'realmName'], `no realm ${account.realmName}`);
    if (Object.keys(account.identifiers).length === 0) issue(['accounts', i, 'identifiers'], 'no identifier');
    account.services.forEach((service, j) => {
      if (!services.has(service)) issue(['accounts', i, 'services', j], `no service ${service}`);
    });
  });

  const products = new Set<string>();
  if (config.catalogue) {
    const catalogue = config.catalogue;
    const assignable = new Set(config.services.flatMap((service) => service.assignableRoles ?? []));
    unique(
      catalogue.products,
      (p) => p.name,
      (i) => ['catalogue', 'products', i, 'name'],
    ).forEach((p) => products.add(p));
    const planIds = new Set<string>();
    catalogue.products.forEach((product, i) => {
      const at = (...rest: PropertyKey[]) => ['catalogue', 'products', i, ...rest];
      if (!services.has(product.serviceName)) issue(at('serviceName'), `no service ${product.serviceName}`);
      if (product.visibleToRoles && !product.hidden)
        issue(at('visibleToRoles'), 'only a hidden product has an audience');
      (product.visibleToRoles ?? []).forEach((role, j) => {
        if (assignable.has(role)) issue(at('visibleToRoles', j), `${role} is a role users give themselves`);
      });
      product.plans.forEach((plan, j) => {
        if (planIds.has(plan.id)) issue(at('plans', j, 'id'), `plan id ${plan.id} is used twice`);
        planIds.add(plan.id);
        for (const field of ['finalPrice', 'trialPrice'] as const) {
          const amount = plan[field];
          if (amount === undefined || !isCurrencyCode(plan.currency)) continue;
          try {
            toMinorUnits(amount, plan.currency);
          } catch {
            issue(at('plans', j, field), `too many decimals for ${plan.currency}`);
          }
        }
        if (plan.visibleToRoles && !plan.hidden)
          issue(at('plans', j, 'visibleToRoles'), 'only a hidden plan has an audience');
        (plan.visibleToRoles ?? []).forEach((role, k) => {
          if (assignable.has(role))
            issue(at('plans', j, 'visibleToRoles', k), `${role} is a role users give themselves`);
        });
        if (product.type === 'BUNDLE' && !plan.products?.length)
          issue(at('plans', j, 'products'), 'a bundle plan names its products');
      });
    });
    catalogue.products.forEach((product, i) =>
      product.plans.forEach((plan, j) =>
        (plan.products ?? []).forEach((name, k) => {
          if (!products.has(name)) issue(['catalogue', 'products', i, 'plans', j, 'products', k], `no product ${name}`);
        }),
      ),
    );
    unique(
      catalogue.groups,
      (g) => g.name,
      (i) => ['catalogue', 'groups', i, 'name'],
    );
    catalogue.groups.forEach((group, i) => {
      for (const field of ['products', 'recommended'] as const) {
        (group[field] ?? []).forEach((name, j) => {
          if (!products.has(name)) issue(['catalogue', 'groups', i, field, j], `no product ${name}`);
        });
      }
    });
  }

  if (config.paywall) {
    unique(
      config.paywall.services,
      (s) => s.serviceName,
      (i) => ['paywall', 'services', i, 'serviceName'],
    );
    const sites = new Set<string>();
    config.paywall.services.forEach((service, i) => {
      const at = (...rest: PropertyKey[]) => ['paywall', 'services', i, ...rest];
      if (!services.has(service.serviceName)) issue(at('serviceName'), `no service ${service.serviceName}`);
      const segments = unique(
        service.segments,
        (s) => s.name,
        (j) => at('segments', j, 'name'),
      );
      // Without a catalogue the stored one stays (seed.ts upserts): its products cannot be checked here.
      if (config.catalogue)
        service.segments.forEach((segment, j) =>
          (segment.entitledProducts ?? []).forEach((name, k) => {
            if (!products.has(name)) issue(at('segments', j, 'entitledProducts', k), `no product ${name}`);
          }),
        );
      unique(
        service.templates,
        (t) => [t.kind, t.displayOn, t.segment ?? '', t.locale ?? ''].join(' '),
        (j) => at('templates', j),
      );
      service.templates.forEach((template, j) => {
        if (template.segment !== undefined && !segments.has(template.segment))
          issue(at('templates', j, 'segment'), `no segment ${template.segment}`);
        const notifier = template.kind === 'notifier';
        if (notifier !== (template.displayOn === 'meter'))
          issue(
            at('templates', j, 'displayOn'),
            notifier ? 'a notifier displays on meter' : 'a paywall displays on both, login or entitlement',
          );
      });
      (service.disqusSites ?? []).forEach((site, j) => {
        if (sites.has(site.site)) issue(at('disqusSites', j, 'site'), `${site.site} is defined twice`);
        sites.add(site.site);
      });
    });
  }
}

export const siteConfigSchema = siteConfigShape.check(z.superRefine(crossCheck));

/** The configuration as written in a file (defaults not yet applied). */
export type SiteConfigInput = z.input<typeof siteConfigSchema>;
/** The configuration as validated. */
export type SiteConfig = z.output<typeof siteConfigSchema>;
export type ServiceConfig = z.output<typeof serviceConfigSchema>;
export type ServiceSettingsConfig = z.output<typeof serviceSettingsSchema>;
export type SocialNetworkConfig = z.output<typeof socialNetworkConfigSchema>;
export type WebhookEndpointConfig = z.output<typeof webhookEndpointConfigSchema>;
export type CatalogueConfig = z.output<typeof catalogueConfigSchema>;
export type CatalogueProductConfig = z.output<typeof catalogueProductConfigSchema>;
export type CataloguePlanConfig = z.output<typeof cataloguePlanConfigSchema>;
export type PaywallConfig = z.output<typeof paywallConfigSchema>;
export type SegmentConfig = z.output<typeof segmentConfigSchema>;
export type MeterConfig = z.output<typeof meterConfigSchema>;
export type PaywallTemplateConfig = z.output<typeof paywallTemplateConfigSchema>;
export type DisqusSiteConfig = z.output<typeof disqusSiteConfigSchema>;
export type CancellationReasonConfig = z.output<typeof cancellationReasonSchema>;
export type AccountConfig = z.output<typeof accountConfigSchema>;
