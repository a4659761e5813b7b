/**
 * Seed data only the e2e stack has (scripts/stack.ts --e2e-fixtures, which e2e/global-setup.ts
 * passes): never `npm start`, the bench, or a production server, whose seed is
 * apps/server/src/seed-config.ts alone.
 *
 * A hostile site owner's paywall template: a segment of its own (pages declaring the section
 * below) whose meter gives no free view, so the paywall shows its template at once, and whose
 * template HTML tries everything the frame's sanitiser must defuse (e2e/specs/paywall-hostile-template.spec.ts).
 */
import type { SeedConfig } from '@foyer/server';

/** The section a page declares (`data-section`) to be in the hostile template's segment. */
export const HOSTILE_SECTION = 'e2e-hostile-template';

/** What the payload sets when any of it runs: a flag, a message to the page, a dialog. */
export const HOSTILE_FLAG = '__foyerHostileRan';
const run = (how: string) =>
  `window.${HOSTILE_FLAG}='${how}';try{parent.postMessage('${HOSTILE_FLAG}:${how}','*')}catch(e){};alert('${how}')`;

/** Texts the spec finds the defused pieces by. */
export const HOSTILE_TEXTS = {
  heading: 'Hostile offer',
  clickable: 'Click me for a prize',
  link: 'Claim your free month',
  formButton: 'Send the form',
} as const;

export const HOSTILE_TEMPLATE = [
  `<h2>${HOSTILE_TEXTS.heading}</h2>`,
  `<script>${run('script')}</script>`,
  `<img src="x" alt="" onerror="${run('img-onerror')}">`,
  `<p onclick="${run('onclick')}">${HOSTILE_TEXTS.clickable}</p>`,
  `<a href="javascript:${run('javascript-url')}">${HOSTILE_TEXTS.link}</a>`,
  `<iframe title="hostile" srcdoc="<script>parent.parent.postMessage('${HOSTILE_FLAG}:iframe','*')</script>"></iframe>`,
  `<form action="javascript:${run('form-action')}"><input name="card"><button>${HOSTILE_TEXTS.formButton}</button></form>`,
  // Tries to hide the paywall's own offer and lay a full-page layer over everything else.
  '<style>.actions{display:none!important}body::after{content:"";position:fixed;inset:0;z-index:2147483647;background:#c00}</style>',
  '<div style="position:fixed;inset:0;z-index:2147483647;background:#c00"></div>',
].join('');

/**
 * A service whose SSO group is this server under its second name: frames come from
 * http://127.0.0.1:<port> (the public URL) and seamless sign-in also goes to http://localhost:<port>,
 * another origin (e2e/specs/sso.spec.ts).
 */
export const SSO_GROUP_SERVICE = 'e2e-sso-group';

/**
 * The configuration with the e2e-only segment and template added to the demo service, and the SSO
 * group service.
 */
export function withE2eFixtures(config: SeedConfig, stack: { serverPort: number }): SeedConfig {
  if (!config.paywall) return config;
  const demo = config.services.find((service) => service.name === 'demo')!;
  return {
    ...config,
    services: [
      ...config.services,
      {
        ...demo,
        name: SSO_GROUP_SERVICE,
        displayName: 'Foyer demo (SSO group)',
        default: false,
        ssoDomains: [`http://localhost:${stack.serverPort}`],
      },
    ],
    paywall: {
      services: config.paywall.services.map((service) =>
        service.serviceName !== 'demo'
          ? service
          : {
              ...service,
              // First: a page in this section is metered by this segment (no free view), not the default one.
              segments: [
                {
                  name: HOSTILE_SECTION,
                  sections: [HOSTILE_SECTION],
                  entitledProducts: ['demo-digital'],
                  meter: { anonymous: 0, loggedIn: 0, periodDays: 30 },
                },
                ...service.segments,
              ],
              templates: [
                ...service.templates,
                { kind: 'paywall', displayOn: 'both', segment: HOSTILE_SECTION, content: HOSTILE_TEMPLATE },
              ],
            },
      ),
    },
  };
}
