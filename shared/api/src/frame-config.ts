/**
 * The configuration the widgets server writes into every frame page (apps/frame/dist/index.html):
 * the comment `<!--foyer-frame-config-->` is replaced by
 * `<script id="foyer-frame-config" type="application/json">{…}</script>`. The frame reads it to
 * know its default service, which parents it may talk to, and where the identity API lives.
 */
import * as z from 'zod/mini';

export const FRAME_CONFIG_PLACEHOLDER = '<!--foyer-frame-config-->';
export const FRAME_CONFIG_ELEMENT_ID = 'foyer-frame-config';

export const frameConfigSchema = z.object({
  /** The service used when neither the page settings nor the `serviceName` query name one. */
  defaultServiceName: z.string().check(z.minLength(1)),
  /**
   * Signed token naming the service the page was served for (the one whose allowed origins chose
   * its frame-ancestors); sent with every API call in FRAME_TOKEN_HEADER (client.ts). Absent when
   * no server wrote the config (a plain static copy of the frame app).
   */
  serviceToken: z.optional(z.string().check(z.minLength(1))),
  /** Allowed host origin patterns (`http://localhost:*`) of the service the page was served for. */
  allowedHostOrigins: z.array(z.string()),
  /** Identity API base URL, e.g. `http://127.0.0.1:8081/ic/api`. */
  icDomain: z.string().check(z.minLength(1)),
  /** Widget-service base URL, e.g. `http://127.0.0.1:8081/pm/api`; default: icDomain's origin + `/pm/api`. */
  pmDomain: z.optional(z.string().check(z.minLength(1))),
  /**
   * The authentication scheme of `defaultServiceName` (public, as GET /service/:name answers it):
   * an embedded login fetches its login template at once, not after the service (prefetch.ts).
   */
  authenticationSchemeName: z.optional(z.string().check(z.minLength(1))),
});
export type FrameConfig = z.infer<typeof frameConfigSchema>;

/** JSON safe inside a `<script>` element: `<`, `>`, `&` and the JS line separators are escaped. */
export function frameConfigScript(config: FrameConfig): string {
  const json = JSON.stringify(config).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script id="${FRAME_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`;
}

/** The config a frame page carries (frameConfigScript's inverse), for tools and tests that read pages. */
export function frameConfigFromHtml(html: string): FrameConfig | null {
  const json = new RegExp(`<script id="${FRAME_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`, 's').exec(
    html,
  )?.[1];
  if (!json) return null;
  try {
    const parsed = frameConfigSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
