/**
 * Calls the tests make to the API themselves need what a frame sends (issue 11, finding 7): the
 * token of a frame page served for the call's service, read from a real frame page as anyone can.
 */
import { FRAME_TOKEN_HEADER, frameConfigFromHtml } from '@foyer/api';

export async function frameHeaders(widgetsUrl: string, service = 'demo'): Promise<Record<string, string>> {
  const page = await fetch(`${widgetsUrl}/w/login?serviceName=${encodeURIComponent(service)}`);
  const token = frameConfigFromHtml(await page.text())?.serviceToken;
  if (!token) throw new Error(`no frame token on the ${service} frame page (${page.status})`);
  return { [FRAME_TOKEN_HEADER]: token };
}
