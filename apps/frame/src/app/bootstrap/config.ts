/**
 * The server injects the frame config into index.html (`<script id="foyer-frame-config"
 * type="application/json">`, schema in shared/api) for the service named in the frame URL.
 * Opened from a plain static server there is none, and the defaults point at the widgets
 * origin's own API.
 */
import { FRAME_CONFIG_ELEMENT_ID, frameConfigSchema, type FrameConfig } from '@foyer/api';
import { isOriginPattern } from '@foyer/protocol';

export type { FrameConfig };

export function defaultFrameConfig(origin: string): FrameConfig {
  return { icDomain: origin + '/ic/api', defaultServiceName: 'demo', allowedHostOrigins: [] };
}

export function readFrameConfig(doc: Document, origin: string): FrameConfig {
  const defaults = defaultFrameConfig(origin);
  const text = doc.getElementById(FRAME_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return defaults;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    console.error('Foyer: the frame config is not JSON; using defaults');
    return defaults;
  }
  const parsed = frameConfigSchema.safeParse(json);
  if (!parsed.success) {
    console.error('Foyer: the frame config is invalid; using defaults', parsed.error.issues);
    return defaults;
  }
  const bad = parsed.data.allowedHostOrigins.filter((pattern) => !isOriginPattern(pattern));
  if (bad.length) console.error('Foyer: ignored invalid allowed host origins', bad);
  return { ...parsed.data, allowedHostOrigins: parsed.data.allowedHostOrigins.filter(isOriginPattern) };
}
