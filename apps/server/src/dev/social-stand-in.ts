/**
 * Local stand-ins for the social networks (development and tests only; not in the server bundle):
 * one `oauth2-mock-server` (a maintained OAuth 2.0 / OpenID Connect test server) per network, on
 * a free port. Its authorization endpoint answers at once with a code (no login page), its token
 * endpoint checks the PKCE verifier, and its user-info endpoint is shaped here per network:
 * OpenID Connect claims for Google and LinkedIn, the Graph API `/me` fields for Facebook and
 * X's `/2/users/me` envelope for Twitter (see adapters/social/networks.ts).
 *
 * Who the visitor is at the provider, or that they refuse (access_denied), is set per network with
 * `setPerson` or over HTTP: `POST <issuer>/__stand-in/person` with the person as JSON
 * (`{"deny": true}` to refuse). It holds until changed. With `"forUserAgent": "<marker>"` the person
 * is only for browsers whose user agent contains that marker, so tests running side by side (each
 * with its own marker) do not change each other's visitor.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { SOCIAL_NETWORKS, type SocialNetwork } from '@foyer/api';
import { OAuth2Server } from 'oauth2-mock-server';
import type { SocialNetworkConfig } from '../adapters/social/types';

export interface StandInPerson {
  id: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  /** Refuse at the provider: the redirect carries error=access_denied. */
  deny?: boolean;
}

export interface SocialStandIn {
  /** Service settings (`social`) pointing every network at its stand-in. */
  config: Record<SocialNetwork, SocialNetworkConfig>;
  issuers: Record<SocialNetwork, string>;
  setPerson(network: SocialNetwork, person: StandInPerson): void;
  /** Token requests seen, per network (form fields), to check PKCE and client authentication. */
  tokenRequests: Record<SocialNetwork, Record<string, string>[]>;
  close(): Promise<void>;
}

/** The person every network shows unless told otherwise (the demo's "social visitor"). */
export function defaultPerson(network: SocialNetwork): StandInPerson {
  return { id: `${network}-visitor-1`, email: `${network}.visitor@foyer.test`, firstName: 'Sam', lastName: 'Social' };
}

function userInfo(network: SocialNetwork, person: StandInPerson): Record<string, unknown> {
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ');
  const picture = `https://example.com/avatars/${encodeURIComponent(person.id)}.png`;
  switch (network) {
    case 'google':
    case 'linkedin':
      return {
        sub: person.id,
        name,
        given_name: person.firstName,
        family_name: person.lastName,
        picture,
        ...(person.email ? { email: person.email, email_verified: true } : {}),
      };
    case 'facebook':
      return {
        id: person.id,
        name,
        first_name: person.firstName,
        last_name: person.lastName,
        ...(person.email ? { email: person.email } : {}),
        picture: { data: { url: picture, is_silhouette: false } },
      };
    case 'twitter':
      return { data: { id: person.id, name, username: person.id.replace(/\W/g, '_'), profile_image_url: picture } };
  }
}

function bearer(req: IncomingMessage): string {
  const header = req.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice(7) : '';
}

export async function startSocialStandIn(host = '127.0.0.1'): Promise<SocialStandIn> {
  const servers: OAuth2Server[] = [];
  const config = {} as Record<SocialNetwork, SocialNetworkConfig>;
  const issuers = {} as Record<SocialNetwork, string>;
  const people = {} as Record<SocialNetwork, StandInPerson>;
  const tokenRequests = {} as Record<SocialNetwork, Record<string, string>[]>;
  for (const network of SOCIAL_NETWORKS) {
    people[network] = defaultPerson(network);
    tokenRequests[network] = [];
    const codes = new Map<string, StandInPerson>();
    const tokens = new Map<string, StandInPerson>();
    const byUserAgent = new Map<string, StandInPerson>();
    const server = new OAuth2Server();
    await server.issuer.keys.generate('RS256');
    server.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: IncomingMessage) => {
      const userAgent = req.headers['user-agent'] ?? '';
      const marked = [...byUserAgent].find(([marker]) => userAgent.includes(marker));
      const person = marked ? marked[1] : people[network];
      const code = redirect.url.searchParams.get('code');
      if (person.deny) {
        redirect.url.searchParams.delete('code');
        redirect.url.searchParams.set('error', 'access_denied');
        redirect.url.searchParams.set('error_description', 'The user denied the request');
      } else if (code) codes.set(code, person);
    });
    server.service.on(
      'beforeResponse',
      (response: { body: Record<string, unknown>; statusCode: number }, req: IncomingMessage & { body?: unknown }) => {
        const form = (req.body ?? {}) as Record<string, string>;
        tokenRequests[network].push({ ...form, authorization: req.headers.authorization ?? '' });
        const person = form.code ? codes.get(form.code) : undefined;
        if (form.code) codes.delete(form.code);
        if (!person) {
          response.statusCode = 400;
          response.body = { error: 'invalid_grant' };
          return;
        }
        const token = randomUUID();
        tokens.set(token, person);
        response.body = { ...response.body, access_token: token };
      },
    );
    server.service.on(
      'beforeUserinfo',
      (response: { body: Record<string, unknown>; statusCode: number }, req: IncomingMessage) => {
        const person = tokens.get(bearer(req));
        if (!person) {
          response.statusCode = 401;
          response.body = { error: 'invalid_token' };
          return;
        }
        response.body = userInfo(network, person);
      },
    );
    server.service.addRoute('POST', '/__stand-in/person', (req, res) => {
      const body = (req as IncomingMessage & { body?: unknown }).body as
        (StandInPerson & { forUserAgent?: unknown }) | undefined;
      if (typeof body?.forUserAgent === 'string' && body.forUserAgent.length >= 8) {
        const { forUserAgent, ...person } = body;
        byUserAgent.set(forUserAgent, person.deny ? { id: 'denied', deny: true } : person);
        res.writeHead(204).end();
        return;
      }
      if (!body || typeof body.id !== 'string') {
        if (body?.deny) people[network] = { id: 'denied', deny: true };
        else {
          res.writeHead(400).end();
          return;
        }
      } else people[network] = body;
      res.writeHead(204).end();
    });
    await server.start(0, host);
    servers.push(server);
    const issuer = server.issuer.url!;
    issuers[network] = issuer;
    config[network] = {
      clientId: `foyer-${network}`,
      clientSecret: `stand-in-secret-${network}`,
      authorizationEndpoint: `${issuer}/authorize`,
      tokenEndpoint: `${issuer}/token`,
      userInfoEndpoint: `${issuer}/userinfo`,
    };
  }
  return {
    config,
    issuers,
    tokenRequests,
    setPerson: (network, person) => {
      people[network] = person;
    },
    close: async () => {
      await Promise.all(servers.map((server) => server.stop()));
    },
  };
}
