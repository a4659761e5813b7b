/*
 * Stand-in for Disqus's embed script (https://<site>.disqus.com/embed.js), served by the demo host
 * site only (apps/demo/src/disqus-stand-in.ts). It speaks the part of Disqus's interface a page
 * and Foyer's comment bridge use: it reads the page's `window.disqus_config` (called with Disqus's
 * `this`, whose `page` carries `identifier`, `url`, `remote_auth_s3` and `api_key`), fills
 * `#disqus_thread`, and defines `DISQUS.reset({ reload, config })`, which reloads the thread with
 * the new config. Instead of comments it shows who Disqus would sign in: the stand-in's server half
 * checks `remote_auth_s3` as Disqus's servers do (signature, age, site key).
 */
(() => {
  const script = document.currentScript;
  const base = script ? new URL('.', script.src) : new URL('/stand-ins/disqus/', location.href);
  let loads = 0;

  /** Runs a config function on Disqus's `this`; answers its `page`. */
  const readConfig = (config) => {
    const that = { page: {}, sso: {}, callbacks: {} };
    if (typeof config === 'function') config.call(that);
    return that.page;
  };

  const load = (page) => {
    const thread = document.getElementById('disqus_thread');
    if (!thread) return;
    const current = ++loads;
    thread.setAttribute('aria-busy', 'true');
    fetch(new URL('session', base), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ api_key: page.api_key || '', remote_auth_s3: page.remote_auth_s3 || '' }),
    })
      .then((response) => response.json())
      .then((answer) => {
        if (current !== loads) return;
        const heading = document.createElement('h3');
        heading.textContent = 'Comments (Disqus stand-in)';
        const who = document.createElement('p');
        who.setAttribute('role', 'status');
        who.textContent = answer.user
          ? `Commenting as ${answer.user.username}`
          : `Commenting as a guest${answer.reason && answer.reason !== 'guest' ? ` (sign-on refused: ${answer.reason})` : ''}`;
        thread.replaceChildren(heading, who);
        thread.dataset.thread = page.identifier || location.pathname;
        thread.dataset.loads = String(current);
        thread.removeAttribute('aria-busy');
      })
      // A load that fails says so, rather than leaving the previous visitor's name in place.
      .catch(() => {
        if (current !== loads) return;
        const failed = document.createElement('p');
        failed.setAttribute('role', 'status');
        failed.textContent = 'The comments could not load';
        thread.replaceChildren(failed);
        thread.removeAttribute('aria-busy');
      });
  };

  window.DISQUS = {
    reset(options) {
      if (!options || !options.reload) return;
      load(readConfig(options.config));
    },
  };
  load(readConfig(window.disqus_config));
})();
