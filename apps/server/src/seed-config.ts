/**
 * The first-run default configuration and the demo data. A site owner does not edit this file: they
 * write a configuration file (FOYER_CONFIG_FILE, docs/configuration.md, "Configuration file"; its schema is
 * `@foyer/api/config`), applied instead of this one at every start. Without a file the server
 * applies this one, without its demo data (the demo account, catalogue, captcha service and Disqus
 * site) unless FOYER_SEED_DEMO; with both, the file is merged over the demo data.
 *
 * Applying (seed.ts) updates realms, schemes, templates, services, the catalogue and the paywall
 * in place; accounts are created when missing and never overwritten (their passwords and states
 * may have changed since).
 */
import type { ServiceSettingsConfig, SiteConfig } from '@foyer/api/config';

/** What a service's `settings` column holds. */
export type ServiceSettings = ServiceSettingsConfig;

/** The validated configuration (one definition: the schema's output type). */
export type SeedConfig = SiteConfig;

export const seedConfig: SeedConfig = {
  realms: [
    {
      name: 'default',
      attributes: [
        { name: 'phone', label: 'Phone', type: 'STRING', mandatory: false, autocomplete: 'tel', inputType: 'tel' },
      ],
    },
  ],
  authenticationSchemes: [
    {
      name: 'default',
      realmName: 'default',
      identifiers: ['email'],
      validators: ['password'],
      loginTemplate: {
        identifiers: [
          {
            name: 'email',
            label: 'Email',
            type: 'STRING',
            mandatory: true,
            autocomplete: 'username',
            inputType: 'email',
          },
        ],
        validators: [
          {
            name: 'password',
            label: 'Password',
            type: 'STRING',
            mandatory: true,
            autocomplete: 'current-password',
            inputType: 'password',
          },
        ],
        attributes: [],
      },
      registrationTemplate: {
        identifiers: [
          {
            name: 'email',
            label: 'Email',
            type: 'STRING',
            mandatory: true,
            autocomplete: 'email',
            inputType: 'email',
          },
        ],
        validators: [
          {
            name: 'password',
            label: 'Password',
            type: 'STRING',
            mandatory: true,
            autocomplete: 'new-password',
            inputType: 'password',
          },
        ],
        attributes: [
          { name: 'firstName', label: 'First name', type: 'STRING', mandatory: true, autocomplete: 'given-name' },
          { name: 'lastName', label: 'Last name', type: 'STRING', mandatory: true, autocomplete: 'family-name' },
          { name: 'birthDate', label: 'Birth date', type: 'DATE', mandatory: false, autocomplete: 'bday' },
        ],
      },
    },
  ],
  services: [
    {
      name: 'demo',
      realmName: 'default',
      authenticationSchemeName: 'default',
      displayName: 'Foyer demo',
      requiredAttributes: [],
      allowedHostOrigins: [],
      devHostOrigins: ['http://localhost:*'],
      default: true,
      requireOldPassword: true,
      ssoDomains: [],
    },
    {
      // Needs a phone number: logins answer 202, linking answers REQUIRED_ATTRIBUTE_MISSING until it is given.
      name: 'demo-strict',
      realmName: 'default',
      authenticationSchemeName: 'default',
      displayName: 'Foyer demo (phone required)',
      requiredAttributes: ['phone'],
      allowedHostOrigins: [],
      devHostOrigins: ['http://localhost:*'],
      requireOldPassword: true,
      ssoDomains: [],
    },
    {
      // A captcha on registration and login (identity spec §5). Google's documented test keys:
      // with network access the real widget shows its test notice and every verification passes;
      // the e2e suite points RECAPTCHA_VERIFY_URL at a stand-in instead. Demo only: a captcha that
      // always passes would let bots past the per-address login limit of a production server.
      name: 'demo-captcha',
      demoOnly: true,
      realmName: 'default',
      authenticationSchemeName: 'default',
      displayName: 'Foyer demo (captcha)',
      requiredAttributes: [],
      allowedHostOrigins: [],
      devHostOrigins: ['http://localhost:*'],
      requireOldPassword: true,
      ssoDomains: [],
      recaptchaSiteKey: '6LeIxAcTAAAAAJcZVRqyHh71UMIEGQQ_MAYXHDY2',
      recaptchaSecret: '6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe',
    },
    {
      // Login and registration offer "Email me a sign-in code" (issue 31): pages choose it with the
      // page setting `serviceName: 'demo-code'`; the code arrives in the outbox.
      name: 'demo-code',
      demoOnly: true,
      realmName: 'default',
      authenticationSchemeName: 'default',
      displayName: 'Foyer demo (e-mail code)',
      requiredAttributes: [],
      allowedHostOrigins: [],
      devHostOrigins: ['http://localhost:*'],
      requireOldPassword: true,
      ssoDomains: [],
      emailCodeSignIn: true,
    },
  ],
  accounts: [
    {
      realmName: 'default',
      identifiers: { email: 'demo@foyer.test' },
      password: 'foyer-demo-1',
      attributes: { firstName: 'Demo', lastName: 'Visitor' },
      roles: [],
      services: ['demo'],
      state: 'ACTIVE',
    },
  ],
  catalogue: {
    // The `demo` product group: plans of several frequencies in EUR, USD, CHF (rounded to 0.05),
    // JPY and CLP (no decimals) and KWD (three decimals); a product and a bundle that need a
    // delivery address; a hidden product and a hidden plan, shown (with showHidden) and sold only
    // to accounts holding their role: `insider` for the Insider club, `staff` for the staff rate.
    // No seeded account holds either; give one through its `roles` below.
    products: [
      {
        name: 'demo-digital',
        displayName: 'Digital access',
        serviceName: 'demo',
        features: ['Every article on the site', 'Newsletter', 'Cancel any time'],
        recommended: true,
        plans: [
          {
            id: 'digital-monthly-eur',
            displayName: 'Monthly',
            description: 'First month 1 €, then 9.99 € a month',
            currency: 'EUR',
            trialPrice: '1.00',
            finalPrice: '9.99',
            frequency: 'MONTH1',
          },
          {
            id: 'digital-yearly-eur',
            displayName: 'Yearly',
            description: 'Two months free',
            currency: 'EUR',
            finalPrice: '99.00',
            frequency: 'MONTH12',
            recommended: true,
          },
          {
            id: 'digital-monthly-usd',
            displayName: 'Monthly (USD)',
            description: 'Billed in US dollars',
            currency: 'USD',
            finalPrice: '10.99',
            frequency: 'MONTH1',
          },
          {
            id: 'digital-staff',
            displayName: 'Staff',
            description: 'For the newsroom',
            currency: 'EUR',
            finalPrice: '1.00',
            frequency: 'MONTH1',
            hidden: true,
            visibleToRoles: ['staff'],
          },
        ],
      },
      {
        name: 'demo-print',
        displayName: 'Print and digital',
        serviceName: 'demo',
        features: ['The paper at your door', 'Digital access included'],
        boosted: true,
        requiresDeliveryAddress: true,
        plans: [
          {
            id: 'print-monthly-eur',
            displayName: 'Monthly',
            description: 'Delivered every morning',
            currency: 'EUR',
            finalPrice: '24.90',
            frequency: 'MONTH1',
          },
          {
            id: 'print-quarterly-chf',
            displayName: 'Quarterly (CHF)',
            description: 'Three months, Switzerland',
            currency: 'CHF',
            finalPrice: '69.95',
            frequency: 'MONTH3',
          },
          {
            id: 'print-yearly-kwd',
            displayName: 'Yearly (KWD)',
            description: 'Twelve months, Kuwait',
            currency: 'KWD',
            finalPrice: '95.250',
            frequency: 'MONTH12',
          },
        ],
      },
      {
        name: 'demo-archive',
        displayName: 'Archive pass',
        serviceName: 'demo',
        features: ['The archive since 1900'],
        plans: [
          {
            id: 'archive-once-jpy',
            displayName: 'One-off (JPY)',
            description: 'Lifetime archive access',
            currency: 'JPY',
            finalPrice: '1200',
            frequency: 'NONE',
          },
          {
            id: 'archive-once-eur',
            displayName: 'One-off',
            description: 'Lifetime archive access',
            currency: 'EUR',
            finalPrice: '4.99',
            frequency: 'NONE',
          },
          {
            id: 'archive-weekly-usd',
            displayName: 'Weekly (USD)',
            description: 'Seven days of archive',
            currency: 'USD',
            finalPrice: '2.49',
            frequency: 'WEEK1',
          },
        ],
      },
      {
        name: 'demo-bundle',
        displayName: 'Everything bundle',
        type: 'BUNDLE',
        serviceName: 'demo',
        features: ['Digital access', 'Print edition', 'Archive pass'],
        requiresDeliveryAddress: true,
        plans: [
          {
            id: 'bundle-yearly-eur',
            displayName: 'Yearly bundle',
            description: 'Digital, print and archive for a year',
            currency: 'EUR',
            finalPrice: '199.00',
            frequency: 'MONTH12',
            products: ['demo-digital', 'demo-print', 'demo-archive'],
          },
          {
            id: 'bundle-monthly-clp',
            displayName: 'Monthly bundle (CLP)',
            description: 'Digital, print and archive, Chile',
            currency: 'CLP',
            finalPrice: '9990',
            frequency: 'MONTH1',
            products: ['demo-digital', 'demo-print', 'demo-archive'],
          },
        ],
      },
      {
        name: 'demo-insider',
        displayName: 'Insider club',
        serviceName: 'demo',
        features: ['Events with the editors'],
        hidden: true,
        visibleToRoles: ['insider'],
        plans: [
          {
            id: 'insider-biannual-eur',
            displayName: 'Six months',
            description: 'By invitation',
            currency: 'EUR',
            finalPrice: '30.00',
            frequency: 'MONTH6',
          },
        ],
      },
    ],
    groups: [
      {
        name: 'demo',
        displayName: 'Foyer demo subscriptions',
        products: ['demo-digital', 'demo-print', 'demo-archive', 'demo-bundle', 'demo-insider'],
        recommended: ['demo-digital'],
      },
    ],
  },
  paywall: {
    // The demo service's default meter takes every page of an allowed host: three free views per
    // visitor (anonymous or logged in) in 30 days, then the paywall; digital, print and the bundle
    // read freely.
    services: [
      {
        serviceName: 'demo',
        segments: [
          // Local news (a page declaring data-section="local"; the demo's /premium-article?section=local):
          // one free article anonymously, five once logged in, so the paywall asks to log in first.
          {
            name: 'local',
            sections: ['local'],
            entitledProducts: ['demo-digital', 'demo-print', 'demo-bundle'],
            meter: { anonymous: 1, loggedIn: 5, periodDays: 30 },
          },
          {
            name: 'all',
            entitledProducts: ['demo-digital', 'demo-print', 'demo-bundle'],
            meter: { anonymous: 3, loggedIn: 3, periodDays: 30 },
          },
        ],
        templates: [
          {
            kind: 'paywall',
            displayOn: 'both',
            content:
              '<h2>You have read your free articles</h2><p>Log in if you subscribe, or choose a plan to keep reading.</p>',
          },
          {
            kind: 'paywall',
            displayOn: 'login',
            content: '<h2>Log in to keep reading</h2><p>Logged-in readers get more free articles.</p>',
          },
          {
            kind: 'paywall',
            displayOn: 'entitlement',
            content: '<h2>This article is for subscribers</h2><p>Choose a plan to keep reading.</p>',
          },
          {
            kind: 'notifier',
            displayOn: 'meter',
            content:
              '<p>You have read <strong>{count}</strong> of <strong>{total}</strong> free articles this month.</p>',
          },
          // The same in the demo's other languages (a page in es or pt-BR gets these).
          {
            kind: 'paywall',
            displayOn: 'both',
            locale: 'es',
            content:
              '<h2>Has leído tus artículos gratuitos</h2><p>Inicia sesión si tienes una suscripción, o elige un plan para seguir leyendo.</p>',
          },
          {
            kind: 'paywall',
            displayOn: 'login',
            locale: 'es',
            content:
              '<h2>Inicia sesión para seguir leyendo</h2><p>Los lectores con sesión iniciada tienen más artículos gratuitos.</p>',
          },
          {
            kind: 'paywall',
            displayOn: 'entitlement',
            locale: 'es',
            content: '<h2>Este artículo es para suscriptores</h2><p>Elige un plan para seguir leyendo.</p>',
          },
          {
            kind: 'notifier',
            displayOn: 'meter',
            locale: 'es',
            content:
              '<p>Has leído <strong>{count}</strong> de <strong>{total}</strong> artículos gratuitos este mes.</p>',
          },
          {
            kind: 'paywall',
            displayOn: 'both',
            locale: 'pt-BR',
            content:
              '<h2>Você leu seus artigos gratuitos</h2><p>Entre se você é assinante, ou escolha um plano para continuar lendo.</p>',
          },
          {
            kind: 'paywall',
            displayOn: 'login',
            locale: 'pt-BR',
            content: '<h2>Entre para continuar lendo</h2><p>Leitores conectados têm mais artigos gratuitos.</p>',
          },
          {
            kind: 'paywall',
            displayOn: 'entitlement',
            locale: 'pt-BR',
            content: '<h2>Este artigo é para assinantes</h2><p>Escolha um plano para continuar lendo.</p>',
          },
          {
            kind: 'notifier',
            displayOn: 'meter',
            locale: 'pt-BR',
            content: '<p>Você leu <strong>{count}</strong> de <strong>{total}</strong> artigos gratuitos este mês.</p>',
          },
        ],
        // The e2e stand-in of Disqus's embed verifies with this secret (demo only, see withoutDemoData).
        disqusSites: [{ site: 'foyer-demo', publicKey: 'demo-disqus-public-key', secretKey: 'demo-disqus-secret-key' }],
      },
    ],
  },
};

/**
 * The configuration without its demo data (the demo account, whose password is published, and the
 * demo catalogue): what a server seeds unless FOYER_SEED_DEMO asks for the demo.
 */
export function withoutDemoData(config: SeedConfig): SeedConfig {
  const structure: SeedConfig = {
    ...config,
    services: config.services.filter((service) => !service.demoOnly),
    accounts: [],
  };
  delete structure.catalogue;
  // The demo Disqus site's secret is published here: never seeded outside the demo.
  if (config.paywall) {
    structure.paywall = {
      services: config.paywall.services.map((service) => ({ ...service, disqusSites: [] })),
    };
  }
  return structure;
}
