import type { IncomingMessage, ServerResponse } from 'node:http';
import { guard, type GuardOptions } from './guard.js';
import type { FoyerVisitor } from './verify.js';

declare global {
  // Express's own way to type what middleware adds to its requests (as passport does), without
  // this package depending on Express: `req.foyer` is typed wherever @types/express is.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The verified visitor, or null (no token, or a refused one). */
      foyer?: FoyerVisitor | null;
    }
  }
}

/** Written against Node's own request and response, which Express's extend. */
export type FoyerExpressMiddleware = (
  req: IncomingMessage & { foyer?: FoyerVisitor | null },
  res: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/**
 * Express middleware: puts the verified visitor (or null) on `req.foyer`; with `require`, answers
 * 401 (no valid token), 403 (not entitled) or 503 (keys out of reach) with a JSON error.
 */
export function foyerExpress(options: GuardOptions): FoyerExpressMiddleware {
  return (req, res, next) => {
    guard(req.headers, options).then(({ visitor, refusal }) => {
      req.foyer = visitor;
      if (!refusal) return next();
      res.statusCode = refusal.status;
      for (const [name, value] of Object.entries(refusal.headers)) res.setHeader(name, value);
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.end(JSON.stringify(refusal.body));
    }, next);
  };
}
