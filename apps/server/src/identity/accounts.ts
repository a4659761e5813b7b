/** Writes to user profiles: registration, attribute and identifier updates, passwords, states, services. */
import { randomUUID } from 'node:crypto';
import type { UserProfile } from '@foyer/api';
import type { Db } from '../db';
import { recordEvent } from '../billing/events';
import { ApiError } from '../http/errors';
import { normalizeIdentifier } from './identifiers';
import { mailAddressOf } from './mail-address';

function parsedAttributes(value: unknown): Record<string, string> {
  return (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, string>;
}

export interface IdentifierValue {
  name: string;
  value: string;
}

/** PostgreSQL's unique_violation: two registrations raced for one identifier. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** True when any of the identifiers belongs to an account other than `exceptGuid`. */
export async function identifiersTaken(
  db: Db,
  realmName: string,
  identifiers: readonly IdentifierValue[],
  exceptGuid: string | null = null,
): Promise<boolean> {
  if (!identifiers.length) return false;
  const rows = await db.query(
    `SELECT 1 FROM user_identifiers i
       JOIN unnest($2::text[], $3::text[]) AS given(name, value) ON given.name = i.name AND given.value = i.value
      WHERE i.realm_name = $1 AND ($4::text IS NULL OR i.guid <> $4) LIMIT 1`,
    [
      realmName,
      identifiers.map((identifier) => identifier.name),
      identifiers.map((identifier) => normalizeIdentifier(identifier.value)),
      exceptGuid,
    ],
  );
  return rows.length > 0;
}

async function insertIdentifiers(tx: Db, realmName: string, guid: string, identifiers: readonly IdentifierValue[]) {
  for (const { name, value } of identifiers) {
    await tx.query('INSERT INTO user_identifiers (realm_name, name, value, guid) VALUES ($1, $2, $3, $4)', [
      realmName,
      name,
      normalizeIdentifier(value),
      guid,
    ]);
  }
}

/** What a registration answers for an identifier already taken (identity spec §8, duplicate_user_profile). */
export const REGISTRATION_DUPLICATE = 'duplicate_user_profile';

export async function createAccount(
  db: Db,
  input: {
    realmName: string;
    state: UserProfile['state'];
    passwordHash: string;
    /** Identifiers are stored as attributes too (the profile shows the e-mail address). */
    attributes: Record<string, string>;
    identifiers: IdentifierValue[];
    services: string[];
    /** Roles the new account starts with (a social registration's `roles` and `rolesToAssign`). */
    roles?: readonly string[];
    /**
     * Whether the address was proven at creation (a network vouched for it). Every caller says:
     * an unproven address waits for activation or a reset (migration 024 says what it is denied).
     */
    addressProven: boolean;
    now: number;
    /**
     * The code a taken identifier answers. A registration (the widget's or the purchase flow's
     * sign-up) answers duplicate_user_profile ('Email already in use!…', identity spec §8), which
     * offers the visitor the login and forgot-password ways out; the social registration keeps
     * DUPLICATE_IDENTIFIERS_FOUND (the account exists: link it instead).
     */
    duplicateCode?: 'DUPLICATE_IDENTIFIERS_FOUND' | 'duplicate_user_profile';
  },
): Promise<string> {
  const guid = randomUUID();
  try {
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO user_profiles (guid, realm_name, state, password_hash, attributes, roles, created_at, address_proven_at)
         VALUES ($1, $2, $3, $4, $5, $8, $6, $7)`,
        [
          guid,
          input.realmName,
          input.state,
          input.passwordHash,
          JSON.stringify(input.attributes),
          input.now,
          input.addressProven ? input.now : null,
          JSON.stringify([...new Set(input.roles ?? [])]),
        ],
      );
      await insertIdentifiers(tx, input.realmName, guid, input.identifiers);
      for (const service of input.services) {
        await tx.query('INSERT INTO user_services (guid, service_name) VALUES ($1, $2)', [guid, service]);
        // Each service's backend hears of it (webhooks).
        await recordEvent(
          tx,
          { guid, serviceName: service },
          { type: 'account.created', attributes: input.attributes },
          input.now,
        );
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(input.duplicateCode ?? 'DUPLICATE_IDENTIFIERS_FOUND');
    throw error;
  }
  return guid;
}

/** The names of the attributes added, removed or given another value. */
function changedNames(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}

function rolesBefore(row: { roles: unknown }): string {
  return JSON.stringify(typeof row.roles === 'string' ? JSON.parse(row.roles) : row.roles);
}

/**
 * Replaces attributes and roles; identifiers given here move to their new values. A change is an
 * `account.updated` event for each service the account belongs to (webhooks).
 */
export async function updateAccount(
  db: Db,
  input: {
    guid: string;
    realmName: string;
    attributes: Record<string, string>;
    roles: string[];
    identifiers: IdentifierValue[];
    linkService?: string | undefined;
    now: number;
  },
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx.query<{ attributes: unknown; roles: unknown }>(
        'SELECT attributes, roles FROM user_profiles WHERE guid = $1 FOR UPDATE',
        [input.guid],
      );
      const before = current ? mailAddressOf({ attributes: parsedAttributes(current.attributes) }) : null;
      const after = mailAddressOf({ attributes: input.attributes });
      // A mail address that changes without the confirmation mail (an attribute that is no
      // identifier, in a realm that signs in by user name) is not proven (migration 024);
      // confirmIdentifierChange marks a confirmed one proven after this.
      const addressChanged = normalizeIdentifier(before ?? '') !== normalizeIdentifier(after ?? '');
      await tx.query(
        `UPDATE user_profiles SET attributes = $2, roles = $3,
                address_proven_at = CASE WHEN $4::boolean THEN NULL ELSE address_proven_at END
          WHERE guid = $1`,
        [input.guid, JSON.stringify(input.attributes), JSON.stringify(input.roles), addressChanged],
      );
      if (input.identifiers.length) {
        await tx.query('DELETE FROM user_identifiers WHERE guid = $1 AND name = ANY($2::text[])', [
          input.guid,
          input.identifiers.map((identifier) => identifier.name),
        ]);
        await insertIdentifiers(tx, input.realmName, input.guid, input.identifiers);
      }
      if (input.linkService) await linkService(tx, input.guid, input.linkService);
      const changed = changedNames(parsedAttributes(current?.attributes ?? {}), input.attributes);
      if (current && (changed.length || rolesBefore(current) !== JSON.stringify(input.roles))) {
        if (rolesBefore(current) !== JSON.stringify(input.roles)) changed.push('roles');
        const services = await tx.query<{ service_name: string }>(
          'SELECT service_name FROM user_services WHERE guid = $1 ORDER BY service_name',
          [input.guid],
        );
        for (const { service_name: serviceName } of services)
          await recordEvent(
            tx,
            { guid: input.guid, serviceName },
            { type: 'account.updated', attributes: input.attributes, changed },
            input.now,
          );
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('DUPLICATE_IDENTIFIERS_FOUND');
    throw error;
  }
}

export async function linkService(db: Db, guid: string, serviceName: string): Promise<void> {
  await db.query(
    'INSERT INTO user_services (guid, service_name) VALUES ($1, $2) ON CONFLICT (guid, service_name) DO NOTHING',
    [guid, serviceName],
  );
}

export async function setPasswordHash(db: Db, guid: string, passwordHash: string): Promise<void> {
  await db.query('UPDATE user_profiles SET password_hash = $2 WHERE guid = $1', [guid, passwordHash]);
}

/** Only INACTIVE accounts become ACTIVE this way (a LOCKED one stays locked). */
export async function activateAccount(db: Db, guid: string): Promise<void> {
  await db.query(`UPDATE user_profiles SET state = 'ACTIVE' WHERE guid = $1 AND state = 'INACTIVE'`, [guid]);
}

/**
 * Someone read mail sent to the account's address (activation, reset): from now on the address
 * is trusted. The first proof is kept; identifier-change confirmation uses `newAddressProven`.
 */
export async function markAddressProven(db: Db, guid: string, now: number): Promise<void> {
  await db.query('UPDATE user_profiles SET address_proven_at = COALESCE(address_proven_at, $2) WHERE guid = $1', [
    guid,
    now,
  ]);
}

/** A confirmed identifier change: the new address was proven by the mail sent to it, just now. */
export async function newAddressProven(db: Db, guid: string, now: number): Promise<void> {
  await db.query('UPDATE user_profiles SET address_proven_at = $2 WHERE guid = $1', [guid, now]);
}
