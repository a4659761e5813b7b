/**
 * The spec's popup detection by user agent (identity spec §9): in-app browsers, where a popup
 * opens as a new full-screen view that never reports back to its opener (or not at all), so
 * social sign-in goes by a full redirect of the page instead. One definition, tested with real
 * user agents in inAppBrowser.test.ts.
 */

/** Apps whose embedded browser names itself in the user agent. */
const IN_APP_MARKERS = [
  /\bFBAN\/|\bFBAV\/|\bFB_IAB\//, // Facebook, Messenger
  /\bInstagram\b/,
  /\bLinkedInApp\b/,
  /\bLine\/\d/, // LINE
  /\bMicroMessenger\//, // WeChat
  /\bTwitter(?:Android\b|\b)/, // X's app: 'Twitter for iPhone', 'TwitterAndroid'
  /\bSnapchat\b/,
  /\bmusical_ly_|\bBytedanceWebview\/|\bTikTok\b/i,
  /\bPinterest\/|\[Pinterest\//,
  /\bGSA\/\d/, // the Google app on iOS
];

/** Android System WebView (any app's embedded view) marks itself with `; wv)`. */
const ANDROID_WEBVIEW = /\bAndroid\b.*;\s*wv\)/;

/** iOS: Safari and the real third-party browsers carry `Safari/`; a bare WKWebView does not. */
const IOS_DEVICE = /\b(iPhone|iPod|iPad)\b/;
const IOS_BROWSER = /\bSafari\/|\bCriOS\/|\bFxiOS\/|\bEdgiOS\/|\bOPiOS\//;

/** True when popups cannot be relied on in the browser this user agent names. */
export function isInAppBrowser(userAgent: string): boolean {
  if (IN_APP_MARKERS.some((marker) => marker.test(userAgent))) return true;
  if (ANDROID_WEBVIEW.test(userAgent)) return true;
  return IOS_DEVICE.test(userAgent) && /AppleWebKit\//.test(userAgent) && !IOS_BROWSER.test(userAgent);
}
