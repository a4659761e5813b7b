/**
 * Building blocks of the widget-service schemas. Only zod/mini constructors the identity schemas
 * already use: the frame's shared chunk holds the zod code of every route, so a constructor used
 * only here (z.url, z.int, z.regex, z.length, looseObject …) would cost the login route its bytes.
 */
import * as z from 'zod/mini';

export const id = z.string().check(z.minLength(1), z.maxLength(100));
export const matches = (pattern: RegExp) => z.refine<string>((value) => pattern.test(value), 'has the wrong format');
export const isoDate = z.string().check(matches(/^\d{4}-\d{2}-\d{2}$/));
export const code3 = z.string().check(z.minLength(3), z.maxLength(3));
/** An absolute http(s) URL, checked by the platform's URL parser. */
export const httpUrl = z.string().check(
  z.refine((value: string) => {
    try {
      return /^https?:$/.test(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'must be an http(s) URL'),
);
