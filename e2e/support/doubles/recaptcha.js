/*
 * Test double of Google's reCAPTCHA v2 script (https://www.google.com/recaptcha/api.js), served
 * by Playwright routing in place of Google's (no request leaves the machine). It speaks the part of
 * the API react-google-recaptcha uses: the script URL's `onload` callback (called, as Google does,
 * after the script element has loaded) and `grecaptcha.render / getResponse / reset / execute`.
 * A rendered captcha is an "I'm not a robot" button; clicking it solves the captcha with the next
 * token `<prefix>-<n>`, the prefix being written in by the route (the spec issues those tokens to
 * the server's verify stand-in).
 */
(() => {
  const TOKEN_PREFIX = '__TOKEN_PREFIX__';
  const script = document.currentScript;
  const onload = script ? new URL(script.src).searchParams.get('onload') : null;
  const widgets = [];
  let solved = 0;

  window.grecaptcha = {
    render(container, parameters) {
      const element = typeof container === 'string' ? document.getElementById(container) : container;
      const widget = { parameters, response: '', button: document.createElement('button') };
      widget.button.type = 'button';
      widget.button.textContent = "I'm not a robot";
      widget.button.addEventListener('click', () => {
        solved += 1;
        widget.response = `${TOKEN_PREFIX}-${solved}`;
        widget.button.textContent = 'Verified';
        parameters.callback?.(widget.response);
      });
      element.append(widget.button);
      widgets.push(widget);
      return widgets.length - 1;
    },
    getResponse(id = 0) {
      return widgets[id]?.response ?? '';
    },
    reset(id) {
      for (const widget of id === undefined ? widgets : [widgets[id]]) {
        if (!widget) continue;
        widget.response = '';
        widget.button.textContent = "I'm not a robot";
      }
    },
    execute(id = 0) {
      widgets[id]?.button.click();
    },
    ready(callback) {
      setTimeout(callback, 0);
    },
  };

  if (onload && script) {
    script.addEventListener('load', () => setTimeout(() => window[onload]?.(), 0));
  }
})();
