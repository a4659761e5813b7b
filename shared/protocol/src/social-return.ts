/**
 * Social sign-in by a full redirect of the page (issue 14): the server sends the visitor back to
 * the host page with these query parameters, the single-use result id and its purpose. The loader
 * takes them out of the address bar and hands them to the frames in their context (`query`).
 */
export const SOCIAL_RESULT_PARAM = 'foyerSocial';
export const SOCIAL_PURPOSE_PARAM = 'foyerSocialFor';
export const SOCIAL_RETURN_PARAMS = [SOCIAL_RESULT_PARAM, SOCIAL_PURPOSE_PARAM] as const;

/**
 * The host page's own session storage key where the loader keeps the modal widget (name and
 * attributes) that left for the provider, so the page opens it again when the visitor comes back.
 */
export const SOCIAL_MODAL_KEY = 'foyer.socialModal';

/**
 * The host page's own session storage key where the loader keeps the trip's `attempt` (issue 24),
 * for a frame that has no storage of its own (third-party storage refused): a result redeems only
 * with the attempt of the browser that started the trip, so a result URL made in someone else's
 * browser signs nobody in. Never read from the page's address.
 */
export const SOCIAL_ATTEMPT_KEY = 'foyer.socialAttempt';
/** What an attempt looks like (the frame's random value; the server's ATTEMPT rule). */
export const SOCIAL_ATTEMPT_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
