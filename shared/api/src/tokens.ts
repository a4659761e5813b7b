/**
 * The visitor token call (issue 26): the frame asks the widgets server for a short-lived signed
 * JWT of its session for the host page (`Foyer.getToken()`), so the site's own server can tell
 * who the visitor is and what they may read. Apart from the identity table so only the lazily
 * loaded frame module that asks carries it.
 */
import * as z from 'zod/mini';
import { endpoint } from './identity/endpoint';

/**
 * POST /tokens/visitor, session in the Authorization header: `hostOrigin` is the origin of the
 * page the frame is connected to (the frame's penpal peer, never what the page says about itself);
 * the server refuses (FORBIDDEN) one its service does not allow.
 */
export const visitorTokenRequestSchema = z.object({
  hostOrigin: z.string().check(z.minLength(1), z.maxLength(300)),
});

/** The token, or null when the call carried no live session. */
export const visitorTokenSchema = z.object({ token: z.nullable(z.string()) });
export type VisitorTokenAnswer = z.infer<typeof visitorTokenSchema>;

export const getVisitorToken = /* @__PURE__ */ endpoint<
  Record<string, never>,
  z.input<typeof visitorTokenRequestSchema>,
  VisitorTokenAnswer
>('POST', '/tokens/visitor', visitorTokenRequestSchema, visitorTokenSchema);
