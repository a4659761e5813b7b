/**
 * A local stand-in for Google's reCAPTCHA verify API
 * (https://developers.google.com/recaptcha/docs/verify): `POST /recaptcha/api/siteverify` with a
 * form-encoded `secret`, `response` and optional `remoteip`, answering
 * `{success, challenge_ts, hostname, "error-codes"}`. Tokens are issued by the test (as if a
 * visitor had solved a captcha at a given time) and, as with Google, verify only once.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecaptchaStandIn {
  verifyUrl: string;
  /** A token as the widget would receive it, solved at `solvedAt` (epoch ms) on `hostname`. */
  issue(token: string, solvedAt: number, hostname?: string): void;
  /** Every form received, in order. */
  requests: Record<string, string>[];
  close(): Promise<void>;
}

export async function startRecaptchaStandIn(secret: string): Promise<RecaptchaStandIn> {
  const tokens = new Map<string, { solvedAt: number; hostname: string; used: boolean }>();
  const requests: Record<string, string>[] = [];
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      const answer = (status: number, body: object) =>
        response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
      if (request.method !== 'POST' || request.url !== '/recaptcha/api/siteverify') return answer(404, {});
      if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
        return answer(200, { success: false, 'error-codes': ['bad-request'] });
      }
      const form = Object.fromEntries(new URLSearchParams(raw));
      requests.push(form);
      const errors: string[] = [];
      if (!form.secret) errors.push('missing-input-secret');
      else if (form.secret !== secret) errors.push('invalid-input-secret');
      if (!form.response) errors.push('missing-input-response');
      const token = form.response ? tokens.get(form.response) : undefined;
      if (form.response && !token) errors.push('invalid-input-response');
      if (token?.used) errors.push('timeout-or-duplicate');
      if (errors.length) return answer(200, { success: false, 'error-codes': errors });
      token!.used = true;
      return answer(200, {
        success: true,
        challenge_ts: new Date(token!.solvedAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        hostname: token!.hostname,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    verifyUrl: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    issue: (token, solvedAt, hostname = 'localhost') => tokens.set(token, { solvedAt, hostname, used: false }),
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
