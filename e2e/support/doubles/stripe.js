/*
 * Test double of Stripe.js v3 (https://docs.stripe.com/js), served by Playwright in place of
 * https://js.stripe.com/<release>/stripe.js. It implements only what the stripe-payment widget
 * uses: Stripe(key).elements().create('cardNumber' | 'cardExpiry' | 'cardCvc') with mount, on
 * ('change'), focus, destroy and getElement; createPaymentMethod({type:'card', card}) and
 * confirmCardPayment(clientSecret). Elements are plain inputs here, not Stripe's iframes. Like the
 * real script, it talks to https://api.stripe.com (the spec routes that to the stand-in):
 * POST /v1/payment_methods makes the PaymentMethod, and the 3-D Secure challenge is a dialog
 * whose answer is POSTed to /v1/payment_intents/:id/challenge.
 */
(function () {
  var API = 'https://api.stripe.com';
  var LABELS = { cardNumber: 'Card number', cardExpiry: 'Expiration date MM / YY', cardCvc: 'CVC' };

  function digits(value) {
    return String(value || '').replace(/\D/g, '');
  }
  function luhn(number) {
    var sum = 0;
    for (var i = 0; i < number.length; i++) {
      var d = Number(number[number.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    return number.length >= 12 && sum % 10 === 0;
  }
  function check(type, value) {
    if (type === 'cardNumber') {
      var n = digits(value);
      if (n.length < 16) return { complete: false, error: n.length ? null : null };
      return luhn(n)
        ? { complete: true }
        : {
            complete: true,
            error: { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' },
          };
    }
    if (type === 'cardExpiry') {
      var e = digits(value);
      if (e.length < 4) return { complete: false };
      var month = Number(e.slice(0, 2));
      var year = 2000 + Number(e.slice(2, 4));
      var now = new Date();
      if (month < 1 || month > 12)
        return {
          complete: true,
          error: {
            type: 'validation_error',
            code: 'invalid_expiry_month',
            message: "Your card's expiration date is incomplete.",
          },
        };
      if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
        return {
          complete: true,
          error: {
            type: 'validation_error',
            code: 'invalid_expiry_year_past',
            message: "Your card's expiration year is in the past.",
          },
        };
      return { complete: true };
    }
    var c = digits(value);
    return c.length >= 3 ? { complete: true } : { complete: false };
  }

  function Stripe(key) {
    if (typeof key !== 'string' || !key) throw new Error('Stripe double: no publishable key');
    var elementsByType = {};
    var api = function (path, body) {
      return fetch(API + path, {
        method: 'POST',
        headers: { authorization: 'Bearer ' + key, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body).toString(),
      }).then(function (response) {
        return response.json().then(function (json) {
          return { status: response.status, json: json };
        });
      });
    };
    return {
      elements: function () {
        return {
          create: function (type) {
            var input = document.createElement('input');
            input.setAttribute('aria-label', LABELS[type] || type);
            input.setAttribute('inputmode', 'numeric');
            input.autocomplete = type === 'cardNumber' ? 'cc-number' : type === 'cardExpiry' ? 'cc-exp' : 'cc-csc';
            input.style.cssText = 'border:0;width:100%;font:inherit;outline-offset:2px';
            var listeners = [];
            var element = {
              _type: type,
              _input: input,
              mount: function (host) {
                host.appendChild(input);
              },
              on: function (name, listener) {
                if (name === 'change') listeners.push(listener);
              },
              focus: function () {
                input.focus();
              },
              destroy: function () {
                input.remove();
                delete elementsByType[type];
              },
            };
            input.addEventListener('input', function () {
              var state = check(type, input.value);
              listeners.forEach(function (listener) {
                listener({
                  elementType: type,
                  empty: !input.value,
                  complete: state.complete,
                  error: state.error || undefined,
                });
              });
            });
            elementsByType[type] = element;
            return element;
          },
          getElement: function (type) {
            return elementsByType[type] || null;
          },
        };
      },
      createPaymentMethod: function (options) {
        var number = digits(elementsByType.cardNumber && elementsByType.cardNumber._input.value);
        var expiry = digits(elementsByType.cardExpiry && elementsByType.cardExpiry._input.value);
        var cvc = digits(elementsByType.cardCvc && elementsByType.cardCvc._input.value);
        var incomplete = function (code, message) {
          return Promise.resolve({ error: { type: 'validation_error', code: code, message: message } });
        };
        if (!options || options.type !== 'card') return Promise.reject(new Error('Stripe double: type card only'));
        if (number.length < 16) return incomplete('incomplete_number', 'Your card number is incomplete.');
        if (!luhn(number)) return incomplete('invalid_number', 'Your card number is invalid.');
        if (expiry.length < 4) return incomplete('incomplete_expiry', "Your card's expiration date is incomplete.");
        if (cvc.length < 3) return incomplete('incomplete_cvc', "Your card's security code is incomplete.");
        return api('/v1/payment_methods', {
          type: 'card',
          'card[number]': number,
          'card[exp_month]': expiry.slice(0, 2),
          'card[exp_year]': '20' + expiry.slice(2, 4),
          'card[cvc]': cvc,
        }).then(function (answer) {
          return answer.status < 400 ? { paymentMethod: answer.json } : { error: answer.json.error };
        });
      },
      confirmCardPayment: function (clientSecret) {
        var id = String(clientSecret).split('_secret_')[0];
        return new Promise(function (resolve) {
          var dialog = document.createElement('div');
          dialog.setAttribute('role', 'dialog');
          dialog.setAttribute('aria-label', '3D Secure 2 Test Page');
          // As Stripe.js shows its challenge: an overlay fixed over the frame's viewport, above
          // the form (appended after the frame's content, in flow it would sit below the frame's
          // measured height, where nobody sees it).
          dialog.style.cssText =
            'position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;gap:8px;background:rgba(0,0,0,.4)';
          var answer = function (passed) {
            dialog.remove();
            api('/v1/payment_intents/' + encodeURIComponent(id) + '/challenge', { passed: String(passed) }).then(
              function (reply) {
                resolve(
                  reply.json.status === 'succeeded'
                    ? { paymentIntent: reply.json }
                    : { error: reply.json.last_payment_error || { type: 'card_error' } },
                );
              },
            );
          };
          [
            ['Complete', true],
            ['Fail', false],
          ].forEach(function (pair) {
            var button = document.createElement('button');
            button.type = 'button';
            button.textContent = pair[0];
            button.addEventListener('click', function () {
              answer(pair[1]);
            });
            dialog.appendChild(button);
          });
          document.body.appendChild(dialog);
        });
      },
    };
  }
  // What @stripe/stripe-js reads to match the loaded release.
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
