import {
  authorizePaywall,
  getNotifierTemplate,
  getPaywallTemplate,
  paywallTemplateFor,
  type PaywallDecision,
  type PaywallTemplate,
} from '@foyer/api/paywall';
import { currentLocale } from '../../app/i18n';
import { createAppAsyncThunk } from '../../app/store/asyncStatus';
import { callIdentity } from '../../app/store/identityClient';
import { createRequest } from '../../app/store/requests';

export interface PageView {
  /** The host page's address (the server counts its origin and path). */
  page: string;
  articleId?: string | undefined;
  section?: string | undefined;
  tags: string[];
  /** Publish the decision to the page (the paywall in place; not its copy in the modal). */
  publish: boolean;
  /** Bumped to ask again after a purchase (the session alone does not change). */
  attempt: number;
}

/** The decision and, when the paywall or the notifier shows, its sanitised-later template. */
export interface PaywallView {
  decision: PaywallDecision;
  template: PaywallTemplate | null;
}

/**
 * Authorizes the page view (identity spec §4 "Paywall"): the anonymous meter id comes from the
 * host site's own storage through the loader (sent when logged in too, so the server moves its
 * views into the account's meter) and the server's id is kept there; then the template
 * the decision calls for. The decision goes to the page as `paywall.authorized`, without the id.
 */
export const authorizeView = createAppAsyncThunk<PaywallView, PageView>('paywall/authorize', async (view, api) => {
  const { extra, signal, rejectWithValue } = api;
  const meterId = (await extra.host.meter?.()) ?? undefined;
  const result = await callIdentity(api, authorizePaywall, {
    body: {
      page: view.page,
      tags: view.tags,
      ...(view.section ? { section: view.section } : {}),
      ...(view.articleId ? { articleId: view.articleId } : {}),
      ...(meterId ? { meterId } : {}),
    },
    signal,
  });
  if (!result.ok) return rejectWithValue(result.error);
  const { meterId: issued, ...decision } = result.data;
  if (issued && issued !== meterId) await extra.host.meter?.(issued);
  if (view.publish && !signal.aborted) extra.host.publish({ name: 'paywall.authorized', payload: decision });
  const segments = decision.segments.join(',');
  // The site owner's words in the page's language, when written in it.
  const locale = currentLocale();
  let template: PaywallTemplate | null = null;
  if (decision.result !== 'ALLOW_ACCESS') {
    const answer = await callIdentity(api, getPaywallTemplate, {
      query: { displayOn: paywallTemplateFor(decision), segments, locale },
      signal,
    });
    template = answer.ok ? answer.data : null;
  } else if (decision.activeMeter) {
    const { count, max } = decision.activeMeter;
    const answer = await callIdentity(api, getNotifierTemplate, {
      query: { count: String(count), total: String(max), segments, locale },
      signal,
    });
    template = answer.ok ? answer.data : null;
  }
  return { decision, template };
});

export const paywallRequest = createRequest<PaywallView, PageView>('paywall', authorizeView);
