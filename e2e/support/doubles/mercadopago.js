/*
 * Test double of Mercado Pago's JS SDK v2 (https://sdk.mercadopago.com/js/v2), served by
 * Playwright in its place. It implements the core methods the mercado-payment widget uses:
 * new MercadoPago(publicKey, {locale}), getIdentificationTypes(), getPaymentMethods({bin}) and
 * createCardToken({...}). Like the real SDK it calls https://api.mercadopago.com
 * (/v1/identification_types, /v1/payment_methods/search, /v1/card_tokens, with public_key in the
 * query); the spec routes those calls. A refused token rejects with the list of causes
 * ({code, description}), as the SDK does.
 */
(function () {
  var API = 'https://api.mercadopago.com';
  function MercadoPago(publicKey) {
    if (typeof publicKey !== 'string' || !publicKey) throw new Error('MercadoPago double: no public key');
    var get = function (path) {
      return fetch(
        API + path + (path.indexOf('?') < 0 ? '?' : '&') + 'public_key=' + encodeURIComponent(publicKey),
      ).then(function (response) {
        if (!response.ok) throw new Error('Mercado Pago answered ' + response.status);
        return response.json();
      });
    };
    this.getIdentificationTypes = function () {
      return get('/v1/identification_types');
    };
    this.getPaymentMethods = function (input) {
      return get('/v1/payment_methods/search?bin=' + encodeURIComponent(input.bin));
    };
    this.createCardToken = function (card) {
      return fetch(API + '/v1/card_tokens?public_key=' + encodeURIComponent(publicKey), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          card_number: card.cardNumber,
          security_code: card.securityCode,
          expiration_month: card.cardExpirationMonth,
          expiration_year: card.cardExpirationYear,
          cardholder: {
            name: card.cardholderName,
            identification: { type: card.identificationType, number: card.identificationNumber },
          },
        }),
      }).then(function (response) {
        return response.json().then(function (json) {
          if (response.ok) return json;
          throw json.cause || [];
        });
      });
    };
  }
  window.MercadoPago = MercadoPago;
})();
