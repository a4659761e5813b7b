import { useState } from 'react';
import { useAppSelector } from '../../app/store/hooks';
import { useFrameEvents } from '../../app/store/useFrameEvents';
import { useRequest } from '../../app/store/useRequest';
import { paywallRequest } from './authorize';

/** Events after which the decision may have changed: the session, or a purchase. */
const CHANGES = new Set([
  'login.success',
  'registration.success',
  'logout.action',
  'payment.success',
  'subscription.paid',
]);

/**
 * This page view's decision and template, asked again when the visitor logs in or out or buys
 * (the server counts a page only once within its window, so asking again is not a second view).
 */
export function usePageView(
  { articleId, section, tags }: { articleId?: string | undefined; section?: string | undefined; tags: string[] },
  publish: boolean,
) {
  const page = useAppSelector((state) => state.frame.hostUrl);
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const [attempt, setAttempt] = useState(0);
  useFrameEvents(CHANGES, () => setAttempt((count) => count + 1));
  const view = useRequest(
    paywallRequest,
    { page: page ?? '', articleId, section, tags, publish, attempt },
    { skip: !page, reloadOn: [loggedIn] },
  );
  // Opened directly (support staff) there is no page to authorize.
  return { ...view, standalone: !page };
}
