/**
 * A linked profile's picture at a requested size (identity spec §7: GET
 * /social/{network}/userAvatar/{socialUserId} with pictureType, width, height), as each network
 * documents its picture URLs:
 * - Facebook: the Graph API's `/{user-id}/picture?type=small|normal|large|square&width=&height=`.
 * - Google: the userinfo `picture` with a `=s{pixels}-c` size suffix.
 * - X: `profile_image_url` with a `_mini` (24), `_normal` (48), `_bigger` (73) or `_400x400`
 *   suffix, none for the original.
 * - LinkedIn: the userinfo `picture`, one size only.
 * Verified here only against the stand-in.
 */
import type { SocialNetwork } from '@foyer/api';
import type { SocialNetworkConfig } from './types';

export type PictureType = 'small' | 'normal' | 'large' | 'square';

export interface AvatarRequest {
  pictureType?: PictureType | undefined;
  width?: number | undefined;
  height?: number | undefined;
}

/** Pixels of each picture type (the Graph API's sizes: small 50, normal 100, large 200, square 50). */
const PIXELS: Record<PictureType, number> = { small: 50, normal: 100, large: 200, square: 50 };
const GRAPH_DEFAULT = 'https://graph.facebook.com/v19.0';

function pixelsOf(request: AvatarRequest): number {
  const side = Math.max(request.width ?? 0, request.height ?? 0);
  return Math.min(side || PIXELS[request.pictureType ?? 'normal'], 2048);
}

/** The Graph API base of the configured /me endpoint (a stand-in's in tests and the demo). */
function graphBase(config: SocialNetworkConfig): string {
  return config.userInfoEndpoint ? new URL('.', config.userInfoEndpoint).href.replace(/\/$/, '') : GRAPH_DEFAULT;
}

function xSuffix(pixels: number): string {
  if (pixels <= 24) return '_mini';
  if (pixels <= 48) return '_normal';
  if (pixels <= 73) return '_bigger';
  if (pixels <= 400) return '_400x400';
  return '';
}

function safeUrl(value: string | undefined): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** The picture URL, or null when the network gave no picture for this profile. */
export function avatarUrl(
  network: SocialNetwork,
  profile: { socialUserId: string; pictureUrl?: string | undefined },
  config: SocialNetworkConfig,
  request: AvatarRequest,
): string | null {
  const pixels = pixelsOf(request);
  if (network === 'facebook') {
    const url = new URL(`${graphBase(config)}/${encodeURIComponent(profile.socialUserId)}/picture`);
    url.searchParams.set('type', request.pictureType ?? 'normal');
    if (request.width) url.searchParams.set('width', String(request.width));
    if (request.height) url.searchParams.set('height', String(request.height));
    return url.href;
  }
  const picture = safeUrl(profile.pictureUrl);
  if (!picture) return null;
  if (network === 'google') {
    // `…/photo.jpg=s96-c` → `=s{pixels}-c`; a URL without the suffix gets one.
    const base = picture.href.replace(/=(?:s|w|h)\d+[^/]*$/, '');
    return `${base}=s${pixels}-c`;
  }
  if (network === 'twitter') {
    picture.pathname = picture.pathname.replace(
      /_(?:mini|normal|bigger|400x400)(\.[a-z]+)?$/i,
      (_match, ext: string | undefined) => `${xSuffix(pixels)}${ext ?? ''}`,
    );
    return picture.href;
  }
  return picture.href;
}
