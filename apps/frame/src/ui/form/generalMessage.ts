/**
 * The registration's general attribute message (identity spec §5): the labels of the invalid
 * fields are collected; the message is the translated per-attribute messages (key: the label in
 * lower case, spaces as underscores — a site adds e.g. `birth_date` to its translations) followed
 * by the general message for one or several attributes with {0} = the comma-joined labels.
 */
import { hasTranslation, t } from '../../app/i18n';

export function attributeMessageKey(label: string): string {
  return label.toLowerCase().replace(/ /g, '_');
}

/**
 * `mandatory`: the spec's general_attribute(s)_mandatory message (the form's own check lists every
 * invalid field this way). `invalid`: the server refused values that were given
 * (ATTRIBUTE_VALIDATION_FAILED, its args being the labels): 'Please check: {0}.'
 */
export function invalidAttributesMessage(
  labels: readonly string[],
  kind: 'mandatory' | 'invalid' = 'mandatory',
): string | null {
  const unique = [...new Set(labels)];
  if (!unique.length) return null;
  const specific = unique
    .map(attributeMessageKey)
    .filter(hasTranslation)
    .map((key) => t(key));
  const joined = unique.join(', ');
  const general =
    kind === 'invalid'
      ? t('forms.invalidAttributes', [joined])
      : t(unique.length === 1 ? 'general_attribute_mandatory' : 'general_attributes_mandatory', [joined]);
  return [...specific, general].join(' ');
}

/** The server's attribute errors (with the labels as args) as one message; null for any other error. */
export function serverAttributesMessage(error: { code: string; args?: readonly string[] }): string | null {
  const labels = error.args ?? [];
  if (!labels.length) return null;
  if (error.code === 'ATTRIBUTE_VALIDATION_FAILED') return invalidAttributesMessage(labels, 'invalid');
  if (error.code === 'general_attribute_mandatory' || error.code === 'general_attributes_mandatory') {
    // The server sends the labels already joined as {0}.
    return invalidAttributesMessage(
      labels.flatMap((label) => label.split(', ')),
      'mandatory',
    );
  }
  return null;
}

/**
 * The form's own summary of a submit with problems: the empty fields among them are mandatory, the
 * filled ones are 'Please check: …' (a filled-in address that is not one is not missing).
 */
export function formProblemsMessage(
  fields: readonly { key: string; label: string }[],
  errors: Readonly<Record<string, unknown>>,
  values: Readonly<Record<string, string | undefined>>,
): string | null {
  const failing = fields.filter((field) => errors[field.key]);
  const filled = (field: { key: string }) => Boolean(values[field.key]?.trim());
  const parts = [
    invalidAttributesMessage(
      failing.filter((field) => !filled(field)).map((field) => field.label),
      'mandatory',
    ),
    invalidAttributesMessage(
      failing.filter(filled).map((field) => field.label),
      'invalid',
    ),
  ].filter((part): part is string => part !== null);
  return parts.length ? parts.join(' ') : null;
}
