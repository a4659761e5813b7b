/**
 * Starting and confirming an enrolment, shared by the logged-in calls and the enrolment ticket of
 * a service that requires a factor (routes/second-factor.ts).
 */
import type { SecondFactorEnrolment } from '@foyer/api';
import type { FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/errors';
import { mailAddressOf } from '../../identity/mail-address';
import type { Account } from '../../identity/store';
import { otpauthUrl } from '../totp';
import { replaceBackupCodes } from './backup-codes';
import { findSecondFactor, startEnrolment } from './factors';
import { checkSecondFactorCode } from './verify';

/**
 * A new secret for `account`, with its otpauth:// URL (the app shows the service's name and the
 * address) and that URL as an SVG QR code, so the frame needs no QR package. 409
 * SECOND_FACTOR_ALREADY_ENABLED when a confirmed factor is on.
 */
export async function beginEnrolment(
  deps: AppDeps,
  account: Account,
  service: { displayName: string },
): Promise<SecondFactorEnrolment> {
  const secret = await startEnrolment(deps.db, account.guid, deps.now());
  if (secret === null) throw new ApiError('SECOND_FACTOR_ALREADY_ENABLED');
  const url = otpauthUrl(secret, mailAddressOf(account) ?? account.guid, service.displayName);
  // Error correction M (15 %), as authenticator apps' own set-up screens use; a 4-module quiet zone.
  const qrCodeSvg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
  return { secret, otpauthUrl: url, qrCodeSvg };
}

/**
 * The pending enrolment's first code turns the factor on; answers ten new backup codes.
 * SECOND_FACTOR_ENROLMENT_NOT_STARTED without a pending enrolment, SECOND_FACTOR_CODE_INVALID
 * (throttled) for a wrong code.
 */
export async function confirmEnrolment(
  deps: AppDeps,
  request: Pick<FastifyRequest, 'ip'>,
  guid: string,
  code: string,
): Promise<string[]> {
  const factor = await findSecondFactor(deps.db, guid);
  if (!factor) throw new ApiError('SECOND_FACTOR_ENROLMENT_NOT_STARTED');
  if (factor.confirmedAt !== null) throw new ApiError('SECOND_FACTOR_ALREADY_ENABLED');
  await checkSecondFactorCode(deps, request, guid, code, { enrolling: true });
  return replaceBackupCodes(deps.db, guid);
}
