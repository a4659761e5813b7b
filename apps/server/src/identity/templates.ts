/**
 * Registration and profile templates. A scheme's registration template comes from the seed; for a
 * service it gains the attributes that service requires (mandatory, defined in the realm's
 * attribute catalogue). The profile template is the same form without validators, filled with
 * the user's values.
 */
import type { Attribute, Template } from '@foyer/api';
import type { Db } from '../db';
import { findRealmAttributes, findTemplate, type Account, type Service } from './store';

function withRequired(template: Template, required: readonly string[], catalogue: readonly Attribute[]): Template {
  const present = new Set([...template.identifiers, ...template.attributes].map((field) => field.name));
  const extra = required
    .filter((name) => !present.has(name))
    .map((name): Attribute => {
      const defined = catalogue.find((attribute) => attribute.name === name);
      // A required attribute nobody defined still gets a plain text field named after it.
      return { ...(defined ?? { name, label: name, type: 'STRING' }), mandatory: true };
    });
  return {
    ...template,
    attributes: [
      ...template.attributes.map((field) => (required.includes(field.name) ? { ...field, mandatory: true } : field)),
      ...extra,
    ],
  };
}

/** Null when the scheme has neither a registration nor a login template. */
export async function registrationTemplate(
  db: Db,
  schemeName: string,
  service: Service | null,
): Promise<Template | null> {
  const base = await findTemplate(db, 'registration', schemeName);
  if (!base) return null;
  if (!service) return base;
  const catalogue = (await findRealmAttributes(db, service.realmName)) ?? [];
  return withRequired(base, service.requiredAttributes, catalogue);
}

/**
 * The fields a user edits for a service: the registration identifiers and attributes (or, for a
 * scheme without a registration template, its login identifiers plus the required attributes).
 */
export async function profileTemplate(db: Db, service: Service, account?: Account | null): Promise<Template> {
  let registration = await registrationTemplate(db, service.authenticationSchemeName, service);
  if (!registration) {
    const login = await findTemplate(db, 'login', service.authenticationSchemeName);
    registration = withRequired(
      { identifiers: login?.identifiers ?? [], validators: [], attributes: [] },
      service.requiredAttributes,
      (await findRealmAttributes(db, service.realmName)) ?? [],
    );
  }
  const fill = (field: Attribute): Attribute => {
    const value = account?.attributes[field.name];
    return value === undefined ? field : { ...field, value };
  };
  return {
    identifiers: registration.identifiers.map(fill),
    validators: [],
    attributes: registration.attributes.map(fill),
  };
}
