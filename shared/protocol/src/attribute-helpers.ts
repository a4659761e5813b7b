/**
 * Building blocks of widget attribute schemas: attributes arrive as `data-*` text (or query
 * parameters when a frame is opened directly) and are parsed into typed values.
 */
import * as z from 'zod/mini';

/** A flag attribute: `data-show-header="false"`; also accepts 1/0, yes/no, on/off. */
export const flagAttribute = (fallback: boolean) => z._default(z.stringbool(), fallback);

/** A positive whole-number attribute given as text. */
export const countAttribute = (fallback: number, max = 1_000_000) =>
  z._default(
    z.coerce.number().check(
      z.refine((n) => Number.isInteger(n), 'must be a whole number'),
      z.minimum(1),
      z.maximum(max),
    ),
    fallback,
  );

export const textAttribute = () => z.optional(z.string().check(z.minLength(1), z.maxLength(255)));

/** A comma-separated list attribute (`data-hidden-attributes="phone, birthDate"`), as trimmed names. */
export const listAttribute = () =>
  z._default(
    z.pipe(
      z.string().check(z.maxLength(2000)),
      z.transform((text) =>
        text
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      ),
    ),
    [],
  );

/** Attributes every widget understands. */
export const commonAttributes = {
  serviceName: textAttribute(),
  showHeader: flagAttribute(true),
  showLabels: flagAttribute(true),
  showErrorMsgs: flagAttribute(true),
  containerClass: z._default(z.string().check(z.maxLength(255)), 'widget-container'),
  title: textAttribute(),
};
