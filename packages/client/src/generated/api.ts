/**
 * Generated from packages/client/openapi.json by openapi-typescript: do not edit.
 * Regenerate after a change to the gateway's routes:
 *   npm run build -w pasarela && npm run generate -w @pasarela/client
 */

export interface paths {
    "/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get an access token (client credentials)
         * @description Returns the same token while it is valid (until a tenth of its lifetime remains); after revoke, a new one. `expires_in` is 43200 (12 hours) for a new token.
         */
        post: operations["oauth.token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke access tokens
         * @description RFC 7009: `token` (and optionally `token_type_hint`) with the client authenticated by HTTP Basic or `client_id` and `client_secret` in the body; a token that is not the client's, or not valid, revokes nothing and still answers 200. Also accepts the token request's fields (`grant_type`, `audience`, optionally `token`): without `token`, every token of the client is revoked. The next token request returns a new token.
         */
        post: operations["oauth.revoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API clients
         * @description The API clients of the caller's organization, newest first, without secrets. Clients are created and revoked in the dashboard (Developers → API keys) or with the operator CLI.
         */
        get: operations["clients.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/jwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Token verification keys */
        get: operations["jwks.retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-authorization-server": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Authorization server metadata (RFC 8414)
         * @description What an OAuth client library needs to find the token and revocation endpoints, the keys, the grant type, the client authentication methods and the scopes (the permissions).
         */
        get: operations["authorizationServerMetadata.retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List organizations
         * @description The caller's organization and those it registered, newest first.
         */
        get: operations["organizations.list"];
        put?: never;
        /**
         * Register an organization
         * @description The new organization belongs to the caller's organization (its `parent_id`), which can then read and rename it.
         */
        post: operations["organizations.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/organizations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an organization */
        get: operations["organizations.retrieve"];
        /** Update an organization */
        put: operations["organizations.update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/checkout/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a checkout session
         * @description For one checkout in a browser: hand only `token` to the page (PasarelaFields.mount). That token can read the active public key, tokenize a card, and make exactly one payment of this session's `amount`, `currency` and `order_id` (mode `payment`) or save one card for its user (mode `enrollment`); every other call is 403. The session is `complete` once that payment is created or that card saved; its token expires at `expires_at` (401 after). 422 names every problem of the body. Idempotency-Key: a replay returns the same session and token, which the idempotency store never keeps (the token is signed again from the session).
         */
        post: operations["checkout.sessions.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/checkout/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a checkout session
         * @description The session without its token. Another organization's session is 404. A session's own token may read that session only (the embedded fields do, to learn its amount, order and allowed origins); any other id is 403 to it.
         */
        get: operations["checkout.sessions.retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/checkout/sessions/{id}/expire": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End a checkout session
         * @description An open session becomes `expired` at once and its token is refused (401). Ending an expired one again answers it unchanged; a `complete` session is 409 `checkout_session_complete`.
         */
        post: operations["checkout.sessions.expire"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/encryption/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the active encryption key
         * @description 404 `not_found` when the organization has none yet. A checkout session's token may read it.
         */
        get: operations["encryptionKeys.retrieve"];
        put?: never;
        /**
         * Create or rotate the encryption key
         * @description Needs `compliance:write`. Creates the organization's RSA-OAEP-256 key pair, or rotates it: the new key is active at once and the previous one keeps decrypting for ENCRYPTION_KEY_GRACE_SECONDS (default 24 hours). Only one previous key is kept in grace: rotating again retires the older one at once, and values encrypted with a retired key are refused (422). Call it once, then once a year; not at every start-up.
         */
        post: operations["encryptionKeys.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/instruments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List instruments
         * @description Active instruments, newest first.
         */
        get: operations["instruments.list"];
        put?: never;
        /**
         * Tokenize a card
         * @description Encrypted form: the five `encrypted_*` fields, each encrypted separately with the active key (RSA-OAEP, SHA-256, base64). Direct form: `card` with clear fields, only for clients the operator marked PCI DSS SAQ D (others get 403). The same card again returns the same instrument (201), with expiry and holder updated. The CVV is checked and never stored. With a checkout session's token: while the session is open; the instrument becomes the session's card, the only one its payment or enrollment may use.
         */
        post: operations["instruments.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/instruments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an instrument
         * @description With `?include=number` and a token that also has `instruments:read-sensitive-data`, the answer carries the full number in `card.number`, only for a client the operator marked PCI DSS SAQ D (any other such client gets 403 `forbidden`; a deleted instrument, 409 `conflict`). Every such read is recorded as the event `instrument.number_revealed` (listed by GET /v1/events, never sent to webhooks) and logged, without the number. A token without that permission gets the usual view.
         */
        get: operations["instruments.retrieve"];
        put?: never;
        post?: never;
        /**
         * Delete an instrument
         * @description Returns the instrument with status DELETED. It can no longer be charged; tokenizing the card again makes a new instrument.
         */
        delete: operations["instruments.delete"];
        options?: never;
        head?: never;
        /** Update expiry or holder name */
        patch: operations["instruments.update"];
        trace?: never;
    };
    "/v1/bins/{bin}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Look up a BIN
         * @description Brand, type, issuer and country for 6 or 8 leading digits.
         */
        get: operations["bins.retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payments (card and alternative)
         * @description Card payments and alternative payments (the Colombian rails), newest first in one keyset page; each in the shape GET /v1/payments/{id} returns (an alternative payment without `rail.qr`: read the payment for its image). Filters, combined with AND: `kind` (`card`, `alternative`), `rail_id`, `status` (a card payment's `status` or an alternative payment's `transaction.status`), `created_gte`, `created_lte`, and `merchant_id`, `point_of_sale_id`, which only card payments have.
         */
        get: operations["payments.list"];
        put?: never;
        /**
         * Create a card payment
         * @description 201 with the payment. `order_id` is the idempotency key of the charge: the same order_id again returns the first payment (201, never a second charge); with another amount, currency or instrument it is 409 `order_id_conflict`. `card` in the body and a clear-text CVV are 422. With a checkout session's token: only the session's payment (its amount, currency and order_id, with the card it tokenized; anything else is 403), once (then 409 `checkout_session_complete`).
         */
        post: operations["payments.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/authorizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Authorize only
         * @description Same body as POST /v1/payments; the payment is AUTHORIZED until POST /v1/payments/{id}/capture, or voided by cancel (or after AUTHORIZATION_TTL_SECONDS, 7 days).
         */
        post: operations["payments.authorizations.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search payments (card and alternative)
         * @description The list with every filter, combined with AND: `kind`, `rail_id`, `status`, `currency`, `order_id`, `instrument_id`, `merchant_id`, `point_of_sale_id` (the last three: card payments only), `created_gte` / `created_lte`, and `amount_gte` / `amount_lte` in major units of `currency` (required with them: 422 otherwise). Newest first, keyset pagination across both kinds like every list.
         */
        get: operations["payments.search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a payment (card or alternative)
         * @description A card payment, or an alternative payment in the shape of the intent creation response with its current transaction status.
         */
        get: operations["payments.retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/{id}/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Authorize a PENDING payment now
         * @description Asks the issuer again for the answer to a PENDING authorization (instead of waiting PENDING_CARD_DELAY_SECONDS) and records it: APPROVED, AUTHORIZED (deferred capture) or REJECTED; still pending, it stays PENDING. 409 `payment_not_pending` for any other status, `payment_in_progress` while the first answer is being recorded.
         */
        post: operations["payments.authorize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/{id}/capture": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Capture an authorized payment
         * @description Deferred-capture payments only (created with capture: false). Optional `amount` captures less (default: the authorized amount, after any adjustment). 409 `payment_not_authorized` otherwise, `payment_already_captured` once captured.
         */
        post: operations["payments.capture"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel (void) an uncaptured payment
         * @description Only while not captured; then CANCELLED, with a `void` transaction. A captured payment is 409 `payment_already_captured` (refund it instead).
         */
        post: operations["payments.cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/{id}/reverse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reverse an authorization at the network
         * @description Undoes an uncaptured authorization (AUTHORIZED, or APPROVED before its automatic capture) at the network, for example after a timeout: CANCELLED, with a `reversal` transaction. 409 `payment_already_captured` once captured, `payment_not_cancellable` when REJECTED, CANCELLED or REFUNDED.
         */
        post: operations["payments.reverse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/{id}/adjust": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Adjust the authorized amount before capture
         * @description Changes what an AUTHORIZED (deferred-capture) payment holds, through the network, with an `adjustment` transaction. `amount` more than 0 and at most 115% of the original authorization (422 otherwise). 409 `payment_already_captured` after capture, `payment_not_authorized` in any other status.
         */
        post: operations["payments.adjust"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/{id}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund a captured payment
         * @description POST /v1/refunds for this payment: 201 with the refund (and its `transaction_id`). `amount` defaults to everything still refundable. 409 `payment_not_captured` before capture, `refund_exceeds_captured` beyond the captured amount (also under concurrent requests).
         */
        post: operations["payments.refund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/{id}/cancel-or-refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel if not captured, refund otherwise
         * @description Not captured: cancels (needs payments:write). Captured: refunds everything still refundable (needs payments:refund). 200 with the payment and the transaction recorded (`void`, or `refund` with its `refund_id`). 409 `payment_in_progress` while a capture is in flight.
         */
        post: operations["payments.cancelOrRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a transaction
         * @description One network operation of a card payment (authorization, capture, void, reversal, adjustment, refund), or the purchase transaction of an alternative payment (its `transaction.id`).
         */
        get: operations["transactions.retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/{id}/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A payment's transactions (its history)
         * @description Newest first, like every list (reverse the page to read the story in order); cursors `starting_after` / `ending_before`.
         */
        get: operations["payments.transactions.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions/{id}/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Authorize a PENDING payment now (by transaction)
         * @description Asks the issuer again for the answer to a PENDING authorization (instead of waiting PENDING_CARD_DELAY_SECONDS) and records it: APPROVED, AUTHORIZED (deferred capture) or REJECTED; still pending, it stays PENDING. 409 `payment_not_pending` for any other status, `payment_in_progress` while the first answer is being recorded. By transaction id: acts on the transaction's payment; a transaction of another type than the action accepts is 422 on `id`.
         */
        post: operations["transactions.authorize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions/{id}/capture": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Capture an authorized payment (by transaction)
         * @description Deferred-capture payments only (created with capture: false). Optional `amount` captures less (default: the authorized amount, after any adjustment). 409 `payment_not_authorized` otherwise, `payment_already_captured` once captured. By transaction id: acts on the transaction's payment; a transaction of another type than the action accepts is 422 on `id`.
         */
        post: operations["transactions.capture"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel (void) an uncaptured payment (by transaction)
         * @description Only while not captured; then CANCELLED, with a `void` transaction. A captured payment is 409 `payment_already_captured` (refund it instead). By transaction id: acts on the transaction's payment; a transaction of another type than the action accepts is 422 on `id`.
         */
        post: operations["transactions.cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions/{id}/reverse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reverse an authorization at the network (by transaction)
         * @description Undoes an uncaptured authorization (AUTHORIZED, or APPROVED before its automatic capture) at the network, for example after a timeout: CANCELLED, with a `reversal` transaction. 409 `payment_already_captured` once captured, `payment_not_cancellable` when REJECTED, CANCELLED or REFUNDED. By transaction id: acts on the transaction's payment; a transaction of another type than the action accepts is 422 on `id`.
         */
        post: operations["transactions.reverse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions/{id}/adjust": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Adjust the authorized amount before capture (by transaction)
         * @description Changes what an AUTHORIZED (deferred-capture) payment holds, through the network, with an `adjustment` transaction. `amount` more than 0 and at most 115% of the original authorization (422 otherwise). 409 `payment_already_captured` after capture, `payment_not_authorized` in any other status. By transaction id: acts on the transaction's payment; a transaction of another type than the action accepts is 422 on `id`.
         */
        post: operations["transactions.adjust"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions/{id}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund a captured payment (by transaction)
         * @description POST /v1/refunds for this payment: 201 with the refund (and its `transaction_id`). `amount` defaults to everything still refundable. 409 `payment_not_captured` before capture, `refund_exceeds_captured` beyond the captured amount (also under concurrent requests). By transaction id: acts on the transaction's payment; a transaction of another type than the action accepts is 422 on `id`.
         */
        post: operations["transactions.refund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions/{id}/cancel-or-refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel if not captured, refund otherwise (by transaction)
         * @description Not captured: cancels (needs payments:write). Captured: refunds everything still refundable (needs payments:refund). 200 with the payment and the transaction recorded (`void`, or `refund` with its `refund_id`). 409 `payment_in_progress` while a capture is in flight. By transaction id: acts on the transaction's payment; a transaction of another type than the action accepts is 422 on `id`.
         */
        post: operations["transactions.cancelOrRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/intents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an alternative payment (Colombian rails)
         * @description COP only. `rail_id` selects the rail: BANK_REDIRECT (send the customer to rail.payment_link), WALLET_PUSH (the customer approves in the wallet app), WALLET_OTP (an SMS OTP; then POST .../confirm), QR_INTEROP (show rail.qr or rail.alias). Asynchronous: the result arrives by webhook (payment.purchase.*) and GET /v1/payments/{payment_id}. `order_id` is the idempotency key. Sandbox: an amount whose integer part ends in 00 is approved by the rail mock after RAIL_MOCK_DELAY_SECONDS.
         */
        post: operations["payments.intents.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/intents/{payment_id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm an OTP-wallet payment with the OTP
         * @description 200 means only that the OTP was received. A wrong OTP emits payment.purchase.confirm.failed.retryable and the attempt stays active (up to OTP_MAX_ATTEMPTS); the right one emits payment.purchase.confirm.processed, then payment.purchase.succeeded. 409 on another rail or a finished payment.
         */
        post: operations["payments.intents.confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/banks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Banks of the bank-redirect rail
         * @description Fetch it at each checkout: the list changes over time (operators keep it in the `banks` table).
         */
        get: operations["banks.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/payments/{payment_id}/simulate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decide an alternative payment (sandbox only)
         * @description Plays the rail: approve, reject, fail or expire an IN_PROGRESS intent. 404 in production.
         */
        post: operations["sandbox.payments.simulate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/sms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The OTP SMS sent in the sandbox
         * @description Newest first. 404 in production.
         */
        get: operations["sandbox.sms.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/cashouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List cashouts */
        get: operations["cashouts.list"];
        put?: never;
        /**
         * Pay back an alternative payment
         * @description APM payments are irrevocable; money goes back as a disbursement. 409 `cashout_exceeds_paid` beyond the amount paid (also under concurrent requests).
         */
        post: operations["cashouts.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/cashouts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a cashout */
        get: operations["cashouts.retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List users */
        get: operations["users.list"];
        put?: never;
        /** Create a user */
        post: operations["users.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a user with its instruments */
        get: operations["users.retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}/instruments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Save an instrument for a user
         * @description With a checkout session's token (mode enrollment): only the card that session tokenized, for the session's user (else 403), once (then 409 `checkout_session_complete`).
         */
        post: operations["users.instruments.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}/instruments/{instrument_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a saved instrument from a user */
        delete: operations["users.instruments.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List merchants */
        get: operations["merchants.list"];
        put?: never;
        /** Create a merchant or sub-merchant */
        post: operations["merchants.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a merchant */
        get: operations["merchants.retrieve"];
        /** Replace a merchant's editable fields */
        put: operations["merchants.update"];
        post?: never;
        /** Delete a merchant (409 merchant_in_use while it has points of sale or sub-merchants) */
        delete: operations["merchants.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/{id}/sub-merchants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a merchant's sub-merchants */
        get: operations["merchants.subMerchants.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/points-of-sale": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a point of sale of a merchant */
        post: operations["pointsOfSale.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/points-of-sale/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a point of sale */
        get: operations["pointsOfSale.retrieve"];
        /** Replace a point of sale's name and address */
        put: operations["pointsOfSale.update"];
        post?: never;
        /** Delete a point of sale (409 point_of_sale_in_use while it has terminals) */
        delete: operations["pointsOfSale.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/points-of-sale/{id}/terminals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the terminals of a point of sale */
        get: operations["pointsOfSale.terminals.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Attach and detach terminals (a terminal attached elsewhere moves here); answers the first 100 terminals */
        patch: operations["pointsOfSale.terminals.update"];
        trace?: never;
    };
    "/v1/terminals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List terminals */
        get: operations["terminals.list"];
        put?: never;
        /** Register a terminal (409 terminal_serial_taken on a duplicate serial) */
        post: operations["terminals.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/terminals/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a terminal */
        get: operations["terminals.retrieve"];
        /** Replace a terminal's serial, model and status */
        put: operations["terminals.update"];
        post?: never;
        /** Delete a terminal and its users */
        delete: operations["terminals.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/terminals/{id}/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a terminal's users */
        get: operations["terminals.users.list"];
        put?: never;
        /** Add a cashier or supervisor to a terminal */
        post: operations["terminals.users.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/terminals/{id}/users/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a user from a terminal */
        delete: operations["terminals.users.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List links */
        get: operations["links.list"];
        put?: never;
        /**
         * Create a payment link
         * @description A hosted checkout at `url`: card, and for COP the four alternative rails. Fixed amount, or `custom` within min_amount..max_amount. `expires_in` defaults to 12 hours, at most 24. `multi_use` with `max_uses` for reusable links. States: created, opened (first view), used (paid; a multi-use link when its last use is paid), expired. The checkout encrypts cards with the organization's encryption key: when it has none, a caller with `compliance:write` makes it here (as `POST /v1/encryption/keys` would); without that permission the card form is unavailable until the key exists (the alternative rails still work).
         */
        post: operations["links.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/links/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a link (payment or enrollment) */
        get: operations["links.retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/instruments/enrollments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a card-enrollment link
         * @description A hosted form at `url` that a merchant embeds in an iframe on the origins listed in data.allowed_origins (without them the form cannot be framed). Saving a card creates the instrument, marks the link used, POSTs {"instrument_id"} to data.webhook with header Api-Key: data.api_key (retried by the job runner), and posts `{type: "pasarela.enrollment", status: "ENROLLED", instrument_id}` to the parent window on those origins only. data.api_key is stored encrypted. The form encrypts the card with the organization's encryption key: when it has none, a caller with `compliance:write` makes it here (as `POST /v1/encryption/keys` would); without that permission the form answers 503 until the key exists.
         */
        post: operations["instruments.enrollments.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List refunds */
        get: operations["refunds.list"];
        put?: never;
        /**
         * Refund a captured card payment
         * @description 201 with the refund; a refund the network rejects is still created, with status REJECTED. 409 `payment_not_captured` before capture, 409 `refund_exceeds_captured` when the refunds would exceed the captured amount (also under concurrent requests), 422 for another currency.
         */
        post: operations["refunds.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a refund */
        get: operations["refunds.retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/chargebacks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search chargebacks
         * @description Newest first. Filters: `status`, `payment_id`, `reason_code`, `currency`, `amount_gte`/`amount_lte` (major units, need `currency`), `reviewed`, `respond_by_lte`, `created_gte`/`created_lte`.
         */
        get: operations["chargebacks.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/chargebacks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a chargeback */
        get: operations["chargebacks.retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/chargebacks/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept a chargeback (the merchant gives up; the funds stay with the cardholder)
         * @description OPEN → ACCEPTED, event `chargeback.updated`. 409 `chargeback_not_open` in any other state, also once respond_by has passed (then it is LOST).
         */
        post: operations["chargebacks.accept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/chargebacks/{id}/review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a chargeback reviewed
         * @description Sets `reviewed_at` and `reviewed_by` (the calling client) in any state without changing the status; event `chargeback.updated`. Again: no change, the first review stays.
         */
        post: operations["chargebacks.review"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/chargebacks/{id}/dispute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Dispute a chargeback with evidence
         * @description OPEN → DISPUTED with the evidence text and attachments (all of the chargeback's, or those named in `attachment_ids`); the network decides WON or LOST at `decision_due_at`. Events `chargeback.updated`. 409 `chargeback_not_open` in any other state or past respond_by; 422 for an attachment id not on this chargeback.
         */
        post: operations["chargebacks.dispute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/chargebacks/{id}/analysis": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Summary of a chargeback: reason, amounts, deadlines, evidence */
        get: operations["chargebacks.analysis.retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/chargebacks/{id}/comments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a chargeback's comments (newest first) */
        get: operations["chargebacks.comments.list"];
        put?: never;
        /** Comment on a chargeback (any state; the author is the calling client) */
        post: operations["chargebacks.comments.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/chargebacks/{id}/attachments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a chargeback's attachments (oldest first) */
        get: operations["chargebacks.attachments.list"];
        put?: never;
        /**
         * Upload an evidence file (multipart/form-data or base64 JSON)
         * @description Either multipart/form-data with one file part named `file`, or JSON `{filename, content_type, content_base64}`. Types: application/pdf, image/png, image/jpeg, text/plain, checked against the bytes; at most 5 MiB (413 `payload_too_large`) and 10 per chargeback (409 `attachment_limit_reached`). Only while the chargeback is OPEN (409 `chargeback_not_open`).
         */
        post: operations["chargebacks.attachments.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/chargebacks/{id}/attachments/{att_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download an attachment (its bytes, with its Content-Type and Content-Disposition) */
        get: operations["chargebacks.attachments.retrieve"];
        put?: never;
        post?: never;
        /** Delete an attachment (only while the chargeback is OPEN) */
        delete: operations["chargebacks.attachments.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fee-rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List fee rules
         * @description Newest first; filter `type`.
         */
        get: operations["feeRules.list"];
        put?: never;
        /**
         * Create an interchange or MDR fee rule
         * @description A fee is round-half-up(captured × percentage_bps / 10000) + fixed_amount, in minor units, computed at capture. For each type the matching active rule with the lowest `priority` applies; ties go to the more specific rule (more of brand, card_type, merchant_id, currency set), then the older.
         */
        post: operations["feeRules.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fee-rules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a fee rule */
        get: operations["feeRules.retrieve"];
        /**
         * Replace a fee rule
         * @description Whole replacement: an omitted optional field returns to its default. Fees already applied do not change. A fee is round-half-up(captured × percentage_bps / 10000) + fixed_amount, in minor units, computed at capture. For each type the matching active rule with the lowest `priority` applies; ties go to the more specific rule (more of brand, card_type, merchant_id, currency set), then the older.
         */
        put: operations["feeRules.update"];
        post?: never;
        /**
         * Delete a fee rule
         * @description Fees already applied keep the rule's id and terms.
         */
        delete: operations["feeRules.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/fraud/rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the organization's fraud rules
         * @description The configured rules, or the defaults (`configured: false`).
         */
        get: operations["fraud.rules.retrieve"];
        /**
         * Replace the organization's fraud rules
         * @description The whole rule set: an omitted rule takes its default, `null` switches it off; `amount_thresholds` omitted is none. Applies to payments created from now on (other processes within 5 s).
         */
        put: operations["fraud.rules.update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/{id}/fraud-evaluation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the fraud evaluation of a card payment
         * @description Score, rules hit and decision, computed before authorization. 404 for alternative payments and unknown ids.
         */
        get: operations["payments.fraudEvaluation.retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/3ds/version": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Which 3-D Secure version a card supports
         * @description Exactly one of `bin` (6 or 8 digits) and `instrument_id`; otherwise 422. The answer comes from the BIN table (the longest known prefix, 8 then 6 digits). A BIN the table does not know answers `supported: false`.
         */
        post: operations["threeDs.version"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/card-present/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List card-present payments
         * @description Newest first; filters `status`, `point_of_sale_id`, `terminal_id`, `created_gte`, `created_lte`.
         */
        get: operations["cardPresent.payments.list"];
        put?: never;
        /**
         * Create a card-present payment from a card read
         * @description 201 with the payment (`channel` card_present). The terminal must be an active terminal attached to `point_of_sale_id`; `card` carries the encrypted fields of the read (as for POST /v1/instruments, the CVV optional). The sandbox test cards decide the outcome (4242 4242 4242 4242 approved, 4000 0000 0000 0002 REJECTED `05`). `order_id` is the idempotency key of the charge, as for POST /v1/payments. Every problem of the body is one 422.
         */
        post: operations["cardPresent.payments.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/card-present/payments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a card-present payment
         * @description 404 for a payment of another channel.
         */
        get: operations["cardPresent.payments.retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/card-present/payments/{id}/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Authorize a PENDING payment now (card-present)
         * @description Asks the issuer again for the answer to a PENDING authorization (instead of waiting PENDING_CARD_DELAY_SECONDS) and records it: APPROVED, AUTHORIZED (deferred capture) or REJECTED; still pending, it stays PENDING. 409 `payment_not_pending` for any other status, `payment_in_progress` while the first answer is being recorded. Card-present payments only (any other payment is 404). Needs card-present:write; nothing else.
         */
        post: operations["cardPresent.payments.authorize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/card-present/payments/{id}/capture": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Capture an authorized payment (card-present)
         * @description Deferred-capture payments only (created with capture: false). Optional `amount` captures less (default: the authorized amount, after any adjustment). 409 `payment_not_authorized` otherwise, `payment_already_captured` once captured. Card-present payments only (any other payment is 404). Needs card-present:write; nothing else.
         */
        post: operations["cardPresent.payments.capture"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/card-present/payments/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel (void) an uncaptured payment (card-present)
         * @description Only while not captured; then CANCELLED, with a `void` transaction. A captured payment is 409 `payment_already_captured` (refund it instead). Card-present payments only (any other payment is 404). Needs card-present:write; nothing else.
         */
        post: operations["cardPresent.payments.cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/card-present/payments/{id}/reverse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reverse an authorization at the network (card-present)
         * @description Undoes an uncaptured authorization (AUTHORIZED, or APPROVED before its automatic capture) at the network, for example after a timeout: CANCELLED, with a `reversal` transaction. 409 `payment_already_captured` once captured, `payment_not_cancellable` when REJECTED, CANCELLED or REFUNDED. Card-present payments only (any other payment is 404). Needs card-present:write; nothing else.
         */
        post: operations["cardPresent.payments.reverse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/card-present/payments/{id}/adjust": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Adjust the authorized amount before capture (card-present)
         * @description Changes what an AUTHORIZED (deferred-capture) payment holds, through the network, with an `adjustment` transaction. `amount` more than 0 and at most 115% of the original authorization (422 otherwise). 409 `payment_already_captured` after capture, `payment_not_authorized` in any other status. Card-present payments only (any other payment is 404). Needs card-present:write; nothing else.
         */
        post: operations["cardPresent.payments.adjust"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/card-present/payments/{id}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund a captured payment (card-present)
         * @description POST /v1/refunds for this payment: 201 with the refund (and its `transaction_id`). `amount` defaults to everything still refundable. 409 `payment_not_captured` before capture, `refund_exceeds_captured` beyond the captured amount (also under concurrent requests). Card-present payments only (any other payment is 404). Needs card-present:write; a refund also needs payments:refund (else 403).
         */
        post: operations["cardPresent.payments.refund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/card-present/payments/{id}/cancel-or-refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel if not captured, refund otherwise (card-present)
         * @description Not captured: cancels (needs payments:write). Captured: refunds everything still refundable (needs payments:refund). 200 with the payment and the transaction recorded (`void`, or `refund` with its `refund_id`). 409 `payment_in_progress` while a capture is in flight. Card-present payments only (any other payment is 404). Needs card-present:write; refunding a captured payment also needs payments:refund (else 403).
         */
        post: operations["cardPresent.payments.cancelOrRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment-instructions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payment instructions
         * @description Newest first; filters `status`, `terminal_id`, `created_gte`, `created_lte`.
         */
        get: operations["paymentInstructions.list"];
        put?: never;
        /**
         * Send a payment instruction to a terminal
         * @description 201 with the instruction (PENDING, or DELIVERED at once when the terminal is connected). The terminal must be an active terminal of your organization attached to a point of sale (else 422 `terminal_id`). `order_id` becomes the payment's: the same order_id again returns the same instruction; with another terminal or amount, or already used by a payment, it is 409 `order_id_conflict`. The instruction EXPIRES after `expires_in` seconds (default PAYMENT_INSTRUCTION_TTL_SECONDS, 300) unless the terminal has reported the card read. Terminals receive instructions over the WebSocket `GET /v1/payment-instructions/ws?terminal_id=ter-...` (Bearer token with `payment-instructions:ws` in the upgrade request; JSON messages `ready`, `instruction`, `ack`, `acknowledged`, `result`, `payment`, `expired`, `error`), which this document does not list: see docs/sandbox.md.
         */
        post: operations["paymentInstructions.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment-instructions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a payment instruction
         * @description With `payment_id` once the terminal reported the card read.
         */
        get: operations["paymentInstructions.retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhook endpoints */
        get: operations["webhooks.list"];
        put?: never;
        /**
         * Register a webhook endpoint
         * @description Deliveries are signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature). The signing `secret` is in this response only if the token also has `secrets:read`; it is always at GET /v1/webhooks/{id}/secret (`secrets:read`). A replay of this request with the same Idempotency-Key answers the endpoint without the secret.
         */
        post: operations["webhooks.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook endpoint */
        get: operations["webhooks.retrieve"];
        /**
         * Replace a webhook endpoint
         * @description Also re-enables (status enabled) an endpoint disabled by a 410.
         */
        put: operations["webhooks.update"];
        post?: never;
        /** Delete a webhook endpoint */
        delete: operations["webhooks.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get the signing secret */
        get: operations["webhooks.secret.retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/secret/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret
         * @description The new secret signs at once; the previous one keeps signing beside it (two signatures) for WEBHOOK_SECRET_GRACE_SECONDS (24 h). The new `secret` is in this response only if the token also has `secrets:read` (and never in an idempotent replay); GET /v1/webhooks/{id}/secret returns it.
         */
        post: operations["webhooks.secret.rotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List deliveries and their attempts
         * @description Newest first. Each attempt carries the request sent (headers and body), the response (status and the first 4 KB of its body) and the duration. They are kept as long as the delivery: deleting the endpoint deletes them, and a delivery that succeeded or failed is deleted with its attempts WEBHOOK_DELIVERY_RETENTION_DAYS (90 by default) after it was created; its event stays, and can be redelivered.
         */
        get: operations["webhooks.deliveries.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Records an event of type `webhook.test` (its `data.test` names the endpoint) and delivers it, signed like every event, to this endpoint only, whatever event types it subscribes to, through the same delivery job: it appears in the endpoint's delivery log, is retried on failure, and POST /v1/events/{id}/redeliver sends it again to this endpoint (never to another). No other endpoint receives it, GET /v1/events/stream never carries it, and GET /v1/events lists it only when asked for with `type=webhook.test`. `webhook.test` cannot be subscribed to. The endpoint must be enabled (409 otherwise). Answers 202 with the delivery's id, before the delivery is attempted.
         */
        post: operations["webhooks.test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events
         * @description Newest first. `payment_id`: only the events about that payment (card or alternative): its own events and those of its refunds, chargebacks, cashouts, payment links and payment instructions. Test events (`webhook.test`) are listed only with `type=webhook.test`.
         */
        get: operations["events.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an event */
        get: operations["events.retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an event again
         * @description To every enabled endpoint subscribed to its type, or to `endpoint_id`.
         */
        post: operations["events.redeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow events as they happen (Server-Sent Events)
         * @description A `text/event-stream` of the organization's events as they commit, whichever server process recorded them. Each event is `id: <event id>`, `event: <type>`, `data: <the JSON of GET /v1/events/{id}>`. Send `Last-Event-ID` (or `?last_event_id=`) to resume after that event: the missed ones come first, in order. A `: ping` comment line comes every EVENT_STREAM_HEARTBEAT_SECONDS (15 s); the token is checked again then, and the stream ends once it is expired or revoked. Latency is about EVENT_STREAM_POLL_MS (250 ms). Delivery is at least once across reconnects: de-duplicate by event id. The request timeout does not apply.
         */
        get: operations["events.stream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/clock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's sandbox clock (sandbox only)
         * @description How far the organization's sandbox time is ahead of the real time, and that time. 404 in production.
         */
        get: operations["sandbox.clock.retrieve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/clock/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Advance the organization's sandbox clock (sandbox only)
         * @description Moves the calling organization's sandbox time forward by `seconds` and runs, in order, everything of the organization that became due: automatic captures, authorization and pending-card timers, alternative-payment expiries and the rail mock, link and payment-instruction expiries, chargeback deadlines and decisions, webhook retries. Answers when they have run, with the list: at most 1,000 jobs, for at most `SANDBOX_CLOCK_ADVANCE_RUN_SECONDS` (5 s), after which the clock still moves to the target and what is left runs in the background. Other organizations are unaffected. 404 in production.
         */
        post: operations["sandbox.clock.advance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Every non-OAuth error has this body. */
        Error: {
            error: {
                /** @description Stable snake_case error code. */
                code: string;
                message: string;
                details: {
                    field: string;
                    message: string;
                }[];
                /** @description Also in the X-Request-Id header. */
                request_id: string;
            };
        };
        /** @description An API client, never its secret. */
        ApiClient: {
            client_id: string;
            name: string;
            organization_id: string;
            /** @description What its tokens may do (spec section 5). */
            permissions: string[];
            /** @description Marked PCI DSS SAQ D by the operator: may send clear card data. */
            pci_saq_d: boolean;
            /** Format: date-time */
            created_at: string;
            /** @description When it last got an access token (tokens are reused while valid), or null. */
            last_used_at: string | null;
            status: "active" | "revoked";
            revoked_at: string | null;
        };
        Organization: {
            /** @description `org-` prefix. */
            id: string;
            name: string;
            /** @description The organization that registered this one, or null. */
            parent_id: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        BinData: {
            bin: string;
            /** @description visa, mastercard, amex, diners, discover, jcb or unknown. */
            card_brand: string;
            /** @description credit, debit, prepaid or unknown. */
            card_type: string;
            issuer: string | null;
            /** @description ISO 3166-1 alpha-3. */
            country: string | null;
            /** @description The 3-D Secure version the BIN supports (`2.2.0`, `2.1.0`, `1.0.2`), null when none. Shown by GET /v1/bins/{bin}. */
            three_ds_version?: string | null;
        };
        Instrument: {
            /** @description `ins-` prefix. */
            id: string;
            /** @enum {string} */
            type: "CARD";
            status: "ACTIVE" | "DELETED";
            card: {
                last_four_digits: string;
                bin_data: components["schemas"]["BinData"];
                expiration_month: number;
                expiration_year: number;
                holder_name: string;
            };
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        CardPayment: {
            /** @description `pay-` prefix. */
            id: string;
            /** @description Spec section 3. A captured payment stays APPROVED (see captured_at); fully refunded is REFUNDED. */
            status: "PENDING" | "APPROVED" | "AUTHORIZED" | "REJECTED" | "CANCELLED" | "REFUNDED";
            /** @description ISO 8583 issuer response code (`00` approved). */
            response_code: string | null;
            /** @description Present when approved. */
            approval_code?: string;
            /** @description The amount, with exactly the currency's minor digits ("15000.00"). */
            amount: string;
            currency: string;
            order_id: string;
            description: string | null;
            /** @description false: deferred capture (AUTHORIZED until POST .../capture). */
            capture: boolean;
            /** @description Captured so far, with exactly the currency's minor digits ("15000.00"). */
            amount_captured: string;
            /** @description Refunded so far, with exactly the currency's minor digits ("15000.00"). */
            amount_refunded: string;
            /** @description Held by the authorization (after any adjustment), with exactly the currency's minor digits ("15000.00"). */
            amount_authorized?: string;
            /** @description The fees applied at capture (at most one per type); empty before capture or when no rule matches. */
            fees: {
                /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
                type: "interchange" | "mdr";
                rule_id: string;
                /** @description round-half-up(captured × percentage_bps / 10000) + fixed_amount, in the payment's currency ("4.05"). */
                amount: string;
                percentage_bps: number;
                fixed_amount: string;
            }[];
            /** @description The sum of `fees`. */
            fees_total: string;
            /** @description `amount_captured` − `fees_total`, exact (negative when the fees exceed a small capture). */
            net_amount: string;
            instrument: {
                id: string;
                card_brand: string;
                last_four_digits: string;
            };
            authorized_at: string | null;
            /** @description Automatic capture happens CAPTURE_DELAY_SECONDS after approval. */
            captured_at: string | null;
            cancelled_at: string | null;
            /** @description The merchant (`mer-`) the payment was made for, if named. */
            merchant_id: string | null;
            /** @description The point of sale (`pos-`), if named. */
            point_of_sale_id: string | null;
            /** @description The terminal (`ter-`) of a card-present payment. */
            terminal_id: string | null;
            channel: "ecommerce" | "card_present";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description In the answer to an action: the transaction (`trx-`) the action recorded. */
            transaction?: {
                /** @description `trx-` prefix. */
                id: string;
                payment_id: string;
                /** @description The network operation this transaction records; `purchase` is the one transaction of an alternative payment. */
                type: "authorization" | "capture" | "void" | "reversal" | "adjustment" | "refund" | "purchase";
                /** @description PENDING while the network has not answered (a PENDING authorization, a refund in flight). */
                status: "PENDING" | "SUCCEEDED" | "REJECTED";
                /** @description With exactly the currency's minor digits. An adjustment shows the new authorized amount. */
                amount: string;
                currency: string;
                /** @description The network's ISO 8583 response code (`00` approved). */
                response_code: string | null;
                /** @description The network's id of the authorization the operation acted on. */
                network_reference: string | null;
                /** @description The refund (`ref-`) of a refund transaction. */
                refund_id: string | null;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
            };
        };
        ApmPayment: {
            /** @description `pay-` prefix: status queries and the OTP confirm step. */
            payment_id: string;
            order_id: string;
            /** @enum {string} */
            currency: "COP";
            description: string | null;
            transaction: {
                /** @description `trx-` prefix. */
                id: string;
                /** @enum {string} */
                type: "PURCHASE";
                /** @description IN_PROGRESS, APPROVED, DECLINED or FAILED (spec section 3). */
                status: string;
                /** @description PENDING, PENDING_PROVIDER, SUCCESS or REJECTED. */
                status_detail: string;
                amount: number;
            };
            rail: {
                id: string;
                /** @description Bank redirect: where to send the customer. */
                payment_link?: string;
                qr?: {
                    /** @description PNG data URI. */
                    image: string;
                    /** @description EMVCo merchant-presented payload. */
                    content: string;
                };
                /** @description QR rail: a short code the customer can type. */
                alias?: string;
            };
            /** Format: date-time */
            expires_at: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        Transaction: {
            /** @description `trx-` prefix. */
            id: string;
            payment_id: string;
            /** @description The network operation this transaction records; `purchase` is the one transaction of an alternative payment. */
            type: "authorization" | "capture" | "void" | "reversal" | "adjustment" | "refund" | "purchase";
            /** @description PENDING while the network has not answered (a PENDING authorization, a refund in flight). */
            status: "PENDING" | "SUCCEEDED" | "REJECTED";
            /** @description With exactly the currency's minor digits. An adjustment shows the new authorized amount. */
            amount: string;
            currency: string;
            /** @description The network's ISO 8583 response code (`00` approved). */
            response_code: string | null;
            /** @description The network's id of the authorization the operation acted on. */
            network_reference: string | null;
            /** @description The refund (`ref-`) of a refund transaction. */
            refund_id: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        Cashout: {
            /** @description `cas-` prefix. */
            id: string;
            payment_id: string;
            amount: number;
            currency: string;
            status: "SUCCEEDED" | "FAILED";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        User: {
            /** @description `usr-` prefix. */
            id: string;
            name: string;
            email: string;
            /** @description The user's active instruments, newest first. */
            instruments: components["schemas"]["Instrument"][];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        Merchant: {
            /** @description `mer-` prefix. */
            id: string;
            name: string;
            legal_name: string | null;
            tax_id: string | null;
            tax_id_type: string | null;
            mcc: string | null;
            country: string;
            parent_id: string | null;
            /** @enum {string} */
            status: "active";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        Terminal: {
            /** @description `ter-` prefix. */
            id: string;
            serial: string;
            model: string | null;
            status: "active" | "inactive";
            point_of_sale_id: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        TerminalUser: {
            /** @description `tus-` prefix. */
            id: string;
            terminal_id: string;
            name: string;
            role: "cashier" | "supervisor";
            /** Format: date-time */
            created_at: string;
        };
        Link: {
            /** @description `lnk-` prefix. */
            id: string;
            url: string;
            type: "payment" | "card_enrollment";
            status: "created" | "opened" | "used" | "expired";
            /** Format: date-time */
            expires_at: string;
            /** @description Present once paid (the latest payment). */
            payment_id?: string;
            multi_use: boolean;
            max_uses: number;
            uses: number;
            /** @description Payments made through the link. */
            payments: {
                payment_id: string;
                status: string;
            }[];
            data: {
                [key: string]: unknown;
            };
            /** @description Enrollment links: the card saved. */
            instrument_id?: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        Refund: {
            /** @description `ref-` prefix. */
            id: string;
            payment_id: string;
            amount: string;
            currency: string;
            status: "PENDING" | "SUCCEEDED" | "REJECTED";
            response_code: string | null;
            /** @description The refund's transaction (`trx-`) in its payment's history. */
            transaction_id: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        Chargeback: {
            /** @description `chb-` prefix. */
            id: string;
            payment_id: string;
            /** @description OPEN when the issuer raises it; ACCEPTED (the merchant gave up), DISPUTED (evidence sent, the network decides), WON, LOST (also when nobody answered by respond_by). */
            status: "OPEN" | "ACCEPTED" | "DISPUTED" | "WON" | "LOST";
            /** @description Disputed amount, with the currency's minor digits, like card payments ("75.50"). */
            amount: string;
            currency: string;
            /** @description The network's reason code (Visa 10.4: card-absent fraud). */
            reason_code: string;
            reason: string;
            /**
             * Format: date-time
             * @description Accept or dispute before this time; after it an OPEN chargeback is LOST.
             */
            respond_by: string;
            reviewed_at: string | null;
            reviewed_by: string | null;
            /** @description What the dispute submitted; null before a dispute. */
            evidence: {
                text: string;
                attachment_ids: string[];
                /** Format: date-time */
                submitted_at: string;
            } | null;
            decision_due_at: string | null;
            resolved_at: string | null;
            resolution: string | null;
            /** @description Evidence files, oldest first (at most 10). */
            attachments: components["schemas"]["ChargebackAttachment"][];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        ChargebackAttachment: {
            /** @description `att-` prefix. */
            id: string;
            chargeback_id: string;
            filename: string;
            content_type: string;
            /** @description Bytes. */
            size: number;
            /** @description Hex SHA-256 of the bytes. */
            sha256: string;
            /** @description The API client that uploaded it. */
            created_by: string;
            /** Format: date-time */
            created_at: string;
        };
        ChargebackComment: {
            /** @description `cbc-` prefix. */
            id: string;
            chargeback_id: string;
            text: string;
            /** @description The API client that wrote it. */
            author: string;
            /** Format: date-time */
            created_at: string;
        };
        FeeRule: {
            /** @description `fee-` prefix. */
            id: string;
            /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
            type: "interchange" | "mdr";
            name: string | null;
            percentage_bps: number;
            /** @description Major units with the currency's minor digits ("0.30"); "0" style for rules without currency. */
            fixed_amount: string;
            currency: string | null;
            brand: string | null;
            card_type: string | null;
            merchant_id: string | null;
            priority: number;
            active: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description A card payment with `channel` card_present, made at a terminal of a point of sale. */
        CardPresentPayment: {
            /** @description `pay-` prefix. */
            id: string;
            /** @description Spec section 3. A captured payment stays APPROVED (see captured_at); fully refunded is REFUNDED. */
            status: "PENDING" | "APPROVED" | "AUTHORIZED" | "REJECTED" | "CANCELLED" | "REFUNDED";
            /** @description ISO 8583 issuer response code (`00` approved). */
            response_code: string | null;
            /** @description Present when approved. */
            approval_code?: string;
            /** @description The amount, with exactly the currency's minor digits ("15000.00"). */
            amount: string;
            currency: string;
            order_id: string;
            description: string | null;
            /** @description false: deferred capture (AUTHORIZED until POST .../capture). */
            capture: boolean;
            /** @description Captured so far, with exactly the currency's minor digits ("15000.00"). */
            amount_captured: string;
            /** @description Refunded so far, with exactly the currency's minor digits ("15000.00"). */
            amount_refunded: string;
            /** @description Held by the authorization (after any adjustment), with exactly the currency's minor digits ("15000.00"). */
            amount_authorized?: string;
            /** @description The fees applied at capture (at most one per type); empty before capture or when no rule matches. */
            fees: {
                /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
                type: "interchange" | "mdr";
                rule_id: string;
                /** @description round-half-up(captured × percentage_bps / 10000) + fixed_amount, in the payment's currency ("4.05"). */
                amount: string;
                percentage_bps: number;
                fixed_amount: string;
            }[];
            /** @description The sum of `fees`. */
            fees_total: string;
            /** @description `amount_captured` − `fees_total`, exact (negative when the fees exceed a small capture). */
            net_amount: string;
            instrument: {
                id: string;
                card_brand: string;
                last_four_digits: string;
            };
            authorized_at: string | null;
            /** @description Automatic capture happens CAPTURE_DELAY_SECONDS after approval. */
            captured_at: string | null;
            cancelled_at: string | null;
            /** @description The merchant (`mer-`) the payment was made for, if named. */
            merchant_id: string | null;
            /** @description The point of sale (`pos-`), if named. */
            point_of_sale_id: string | null;
            /** @description The terminal (`ter-`) of a card-present payment. */
            terminal_id: string | null;
            channel: "ecommerce" | "card_present";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description In the answer to an action: the transaction (`trx-`) the action recorded. */
            transaction?: {
                /** @description `trx-` prefix. */
                id: string;
                payment_id: string;
                /** @description The network operation this transaction records; `purchase` is the one transaction of an alternative payment. */
                type: "authorization" | "capture" | "void" | "reversal" | "adjustment" | "refund" | "purchase";
                /** @description PENDING while the network has not answered (a PENDING authorization, a refund in flight). */
                status: "PENDING" | "SUCCEEDED" | "REJECTED";
                /** @description With exactly the currency's minor digits. An adjustment shows the new authorized amount. */
                amount: string;
                currency: string;
                /** @description The network's ISO 8583 response code (`00` approved). */
                response_code: string | null;
                /** @description The network's id of the authorization the operation acted on. */
                network_reference: string | null;
                /** @description The refund (`ref-`) of a refund transaction. */
                refund_id: string | null;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
            };
            entry_mode: ("chip" | "contactless" | "swipe") | null;
        };
        PaymentInstruction: {
            /** @description `pin-` prefix. */
            id: string;
            /** @description PENDING (created; the terminal is not connected), DELIVERED (sent to the terminal), ACKNOWLEDGED (the terminal showed it), PROCESSING (the card read arrived; the authorization is in flight), COMPLETED (payment approved or authorized), FAILED (declined, or the order was already paid otherwise), EXPIRED (not paid within its lifetime). */
            status: "PENDING" | "DELIVERED" | "ACKNOWLEDGED" | "PROCESSING" | "COMPLETED" | "FAILED" | "EXPIRED";
            terminal_id: string;
            /** @description The terminal's point of sale when the instruction was created. */
            point_of_sale_id: string;
            merchant_id: string;
            /** @description Becomes the payment's order_id. */
            order_id: string;
            /** @description With exactly the currency's minor digits ("15000.00"), as on card payments. */
            amount: string;
            currency: string;
            description: string | null;
            /** @description false: the payment is only authorized (capture it with POST /v1/card-present/payments/{id}/capture). */
            capture: boolean;
            entry_mode: ("chip" | "contactless" | "swipe") | null;
            /** @description The card-present payment, once the terminal reported the card read. */
            payment_id: string | null;
            /** @description Why it FAILED (`card_declined` with the response code, `order_id_conflict`). */
            failure: {
                code: string;
                message: string;
            } | null;
            /** Format: date-time */
            expires_at: string;
            delivered_at: string | null;
            acknowledged_at: string | null;
            /** @description When it reached COMPLETED, FAILED or EXPIRED. */
            completed_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        WebhookEndpoint: {
            /** @description `whk-` prefix. */
            id: string;
            url: string;
            /** @description Event types, or ["*"] for all. */
            events: string[];
            description: string | null;
            status: "enabled" | "disabled";
            /** @description Set when the receiver answered 410 Gone. */
            disabled_reason: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        Event: {
            /** @description `evt-` prefix; also the webhook-id header. */
            id: string;
            type: string;
            /** Format: date-time */
            time: string;
            data: {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    "oauth.token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Only `client_credentials`. */
                    grant_type?: string;
                    client_id?: string;
                    /** @description Never send it from a browser. */
                    client_secret?: string;
                    /** @description This deployment's PUBLIC_BASE_URL. */
                    audience?: string;
                    /** @description Space-separated subset of the client's permissions. */
                    scope?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description JWT (RS256, typ at+jwt). */
                        access_token: string;
                        /** @enum {string} */
                        token_type: "Bearer";
                        /** @description Seconds until it expires. */
                        expires_in: number;
                        /** @description Space-separated permissions. */
                        scope: string;
                    };
                };
            };
            /** @description RFC 6749 section 5.2 error. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description RFC 6749 section 5.2 error. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description RFC 6749 section 5.2 error. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description RFC 6749 section 5.2 error. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description RFC 6749 section 5.2 error. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        error_description: string;
                    };
                };
            };
        };
    };
    "oauth.revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Only `client_credentials`. */
                    grant_type?: string;
                    client_id?: string;
                    /** @description Never send it from a browser. */
                    client_secret?: string;
                    /** @description This deployment's PUBLIC_BASE_URL. */
                    audience?: string;
                    /** @description Space-separated subset of the client's permissions. */
                    scope?: string;
                    /** @description The token to revoke (RFC 7009). Without it (and with `grant_type` and `audience`), every token of the client. */
                    token?: string;
                    /** @description RFC 7009 hint; only access tokens exist, so it changes nothing. */
                    token_type_hint?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description RFC 6749 section 5.2 error. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description RFC 6749 section 5.2 error. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description RFC 6749 section 5.2 error. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description RFC 6749 section 5.2 error. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description RFC 6749 section 5.2 error. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        error_description: string;
                    };
                };
            };
        };
    };
    "clients.list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description An id: the page after it (older). */
                starting_after?: string;
                /** @description An id: the page before it (newer). */
                ending_before?: string;
                created_gte?: string;
                created_lte?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ApiClient"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "jwks.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A JWK Set (RFC 7517). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: {
                            /** @description `RSA`. */
                            kty: string;
                            n: string;
                            e: string;
                            /** @description The `kid` in the header of the tokens it verifies. */
                            kid: string;
                            /** @description `RS256`. */
                            alg: string;
                            /** @description `sig`. */
                            use: string;
                        }[];
                    };
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "authorizationServerMetadata.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Equal to the `iss` of every access token. */
                        issuer: string;
                        token_endpoint: string;
                        jwks_uri: string;
                        scopes_supported: string[];
                        response_types_supported: string[];
                        grant_types_supported: string[];
                        token_endpoint_auth_methods_supported: string[];
                        revocation_endpoint: string;
                        revocation_endpoint_auth_methods_supported: string[];
                        service_documentation: string;
                    };
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "organizations.list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description An id: the page after it (older). */
                starting_after?: string;
                /** @description An id: the page before it (newer). */
                ending_before?: string;
                created_gte?: string;
                created_lte?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Organization"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "organizations.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Not empty (not only spaces). */
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `org-` prefix. */
                        id: string;
                        name: string;
                        /** @description The organization that registered this one, or null. */
                        parent_id: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "organizations.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `org-` prefix. */
                        id: string;
                        name: string;
                        /** @description The organization that registered this one, or null. */
                        parent_id: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "organizations.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Not empty (not only spaces). */
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `org-` prefix. */
                        id: string;
                        name: string;
                        /** @description The organization that registered this one, or null. */
                        parent_id: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "checkout.sessions.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description `payment`: the browser may make one card payment of this session. `enrollment`: it may save one card for the session's user, without charging.
                     * @default payment
                     */
                    mode?: "payment" | "enrollment";
                    /**
                     * @description Mode payment (required): in major units of the currency, at most its minor digits, as POST /v1/payments takes it. A JSON number or a decimal string in major units (`150000.5` or `"150000.50"`), with at most the currency's minor digits.
                     * @example 150000
                     * @example 150000.00
                     */
                    amount?: number | string;
                    /** @description Mode payment (required): ISO 4217. */
                    currency?: string;
                    /** @description Mode payment: the payment's `order_id` (its idempotency key). Default: the session id. An order_id that already has a payment is 409 `order_id_conflict`. */
                    order_id?: string;
                    /** @description Mode payment: the payment's description. */
                    description?: string;
                    /** @description Mode enrollment: an existing user (`usr-`) of your organization. Give this or `user`. */
                    user_id?: string;
                    /** @description Mode enrollment: a new user, created with the session (as POST /v1/users does). */
                    user?: {
                        name: string;
                        /** Format: email */
                        email: string;
                    };
                    /** @description The origins of the pages that may mount the embedded fields with this session (`https://shop.example`; in the sandbox also `http://localhost:<port>`). Empty or absent: any origin. The gateway's frame refuses to start on any other page. */
                    allowed_origins?: string[];
                    /**
                     * @description Seconds until the session (and its token) expires: default 900 (15 minutes), at most 86400.
                     * @default 900
                     */
                    expires_in?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `cs-` prefix. */
                        id: string;
                        mode: "payment" | "enrollment";
                        /** @description `complete` once its payment was created (approved or not) or its card saved; `expired` at `expires_at` or after POST .../expire. */
                        status: "open" | "complete" | "expired";
                        amount: string | null;
                        currency: string | null;
                        order_id: string | null;
                        description: string | null;
                        user_id: string | null;
                        allowed_origins: string[];
                        instrument_id: string | null;
                        payment_id: string | null;
                        /** Format: date-time */
                        expires_at: string;
                        completed_at: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description Only in the answer to POST /v1/checkout/sessions (and its idempotent replay): the Bearer token for the browser (PasarelaFields.mount `token`). It can read the public key, tokenize a card, and make this session's one payment or enrollment; nothing else. Never returned by GET. */
                        token?: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "checkout.sessions.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `cs-` prefix. */
                        id: string;
                        mode: "payment" | "enrollment";
                        /** @description `complete` once its payment was created (approved or not) or its card saved; `expired` at `expires_at` or after POST .../expire. */
                        status: "open" | "complete" | "expired";
                        amount: string | null;
                        currency: string | null;
                        order_id: string | null;
                        description: string | null;
                        user_id: string | null;
                        allowed_origins: string[];
                        instrument_id: string | null;
                        payment_id: string | null;
                        /** Format: date-time */
                        expires_at: string;
                        completed_at: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description Only in the answer to POST /v1/checkout/sessions (and its idempotent replay): the Bearer token for the browser (PasarelaFields.mount `token`). It can read the public key, tokenize a card, and make this session's one payment or enrollment; nothing else. Never returned by GET. */
                        token?: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "checkout.sessions.expire": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `cs-` prefix. */
                        id: string;
                        mode: "payment" | "enrollment";
                        /** @description `complete` once its payment was created (approved or not) or its card saved; `expired` at `expires_at` or after POST .../expire. */
                        status: "open" | "complete" | "expired";
                        amount: string | null;
                        currency: string | null;
                        order_id: string | null;
                        description: string | null;
                        user_id: string | null;
                        allowed_origins: string[];
                        instrument_id: string | null;
                        payment_id: string | null;
                        /** Format: date-time */
                        expires_at: string;
                        completed_at: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description Only in the answer to POST /v1/checkout/sessions (and its idempotent replay): the Bearer token for the browser (PasarelaFields.mount `token`). It can read the public key, tokenize a card, and make this session's one payment or enrollment; nothing else. Never returned by GET. */
                        token?: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "encryptionKeys.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `key_` prefix. */
                        kid: string;
                        /** @enum {string} */
                        algorithm: "RSA-OAEP-256";
                        /** @enum {string} */
                        status: "active";
                        /** @description PEM (SPKI) RSA public key. */
                        public_key: string;
                        /** Format: date-time */
                        valid_from: string;
                        /**
                         * Format: date-time
                         * @description One year after creation: rotate before.
                         */
                        valid_until: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "encryptionKeys.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `key_` prefix. */
                        kid: string;
                        /** @enum {string} */
                        algorithm: "RSA-OAEP-256";
                        /** @enum {string} */
                        status: "active";
                        /** @description PEM (SPKI) RSA public key. */
                        public_key: string;
                        /** Format: date-time */
                        valid_from: string;
                        /**
                         * Format: date-time
                         * @description One year after creation: rotate before.
                         */
                        valid_until: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "instruments.list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description An id: the page after it (older). */
                starting_after?: string;
                /** @description An id: the page before it (newer). */
                ending_before?: string;
                created_gte?: string;
                created_lte?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Instrument"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "instruments.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    type: "CARD";
                    /** @description Card number, RSA-OAEP-SHA256 with the active public key, base64. */
                    encrypted_number?: string;
                    /** @description Expiry month (1-12), RSA-OAEP-SHA256 with the active public key, base64. */
                    encrypted_expiration_month?: string;
                    /** @description Expiry year (4 digits), RSA-OAEP-SHA256 with the active public key, base64. */
                    encrypted_expiration_year?: string;
                    /** @description Cardholder name, RSA-OAEP-SHA256 with the active public key, base64. */
                    encrypted_holder_name?: string;
                    /** @description CVV (checked, never stored), RSA-OAEP-SHA256 with the active public key, base64. */
                    encrypted_cvv?: string;
                    /** @description Direct tokenization: only for clients marked PCI DSS SAQ D. */
                    card?: {
                        number: string;
                        expiration_month: string;
                        expiration_year: string;
                        holder_name: string;
                        cvv: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `ins-` prefix. */
                        id: string;
                        /** @enum {string} */
                        type: "CARD";
                        status: "ACTIVE" | "DELETED";
                        card: {
                            last_four_digits: string;
                            bin_data: components["schemas"]["BinData"];
                            expiration_month: number;
                            expiration_year: number;
                            holder_name: string;
                        };
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "instruments.retrieve": {
        parameters: {
            query?: {
                /** @description `number`: the full card number (see `card.number`). */
                include?: "number";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `ins-` prefix. */
                        id: string;
                        /** @enum {string} */
                        type: "CARD";
                        status: "ACTIVE" | "DELETED";
                        card: {
                            last_four_digits: string;
                            bin_data: components["schemas"]["BinData"];
                            expiration_month: number;
                            expiration_year: number;
                            holder_name: string;
                            /** @description The full card number: only with `?include=number`, for a token with `instruments:read-sensitive-data` of a client marked PCI DSS SAQ D. Each such read is recorded (event `instrument.number_revealed`). */
                            number?: string;
                        };
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "instruments.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `ins-` prefix. */
                        id: string;
                        /** @enum {string} */
                        type: "CARD";
                        status: "ACTIVE" | "DELETED";
                        card: {
                            last_four_digits: string;
                            bin_data: components["schemas"]["BinData"];
                            expiration_month: number;
                            expiration_year: number;
                            holder_name: string;
                        };
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "instruments.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    expiration_month?: number;
                    expiration_year?: number;
                    holder_name?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `ins-` prefix. */
                        id: string;
                        /** @enum {string} */
                        type: "CARD";
                        status: "ACTIVE" | "DELETED";
                        card: {
                            last_four_digits: string;
                            bin_data: components["schemas"]["BinData"];
                            expiration_month: number;
                            expiration_year: number;
                            holder_name: string;
                        };
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "bins.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description 6 or 8 digits. */
                bin: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bin: string;
                        /** @description visa, mastercard, amex, diners, discover, jcb or unknown. */
                        card_brand: string;
                        /** @description credit, debit, prepaid or unknown. */
                        card_type: string;
                        issuer: string | null;
                        /** @description ISO 3166-1 alpha-3. */
                        country: string | null;
                        /** @description The 3-D Secure version the BIN supports (`2.2.0`, `2.1.0`, `1.0.2`), null when none. Shown by GET /v1/bins/{bin}. */
                        three_ds_version?: string | null;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payments.list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description An id: the page after it (older). */
                starting_after?: string;
                /** @description An id: the page before it (newer). */
                ending_before?: string;
                created_gte?: string;
                created_lte?: string;
                /** @description A card payment's `status` or an alternative payment's `transaction.status` (IN_PROGRESS, APPROVED, DECLINED, FAILED). */
                status?: "PENDING" | "APPROVED" | "AUTHORIZED" | "REJECTED" | "CANCELLED" | "REFUNDED" | "IN_PROGRESS" | "DECLINED" | "FAILED";
                merchant_id?: string;
                point_of_sale_id?: string;
                /** @description `card` or `alternative` (the Colombian rails); both when absent. */
                kind?: "card" | "alternative";
                /** @description Alternative payments on this rail only (BANK_REDIRECT, WALLET_PUSH, WALLET_OTP, QR_INTEROP). */
                rail_id?: "BANK_REDIRECT" | "WALLET_PUSH" | "WALLET_OTP" | "QR_INTEROP";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: (components["schemas"]["CardPayment"] | components["schemas"]["ApmPayment"])[];
                        has_more: boolean;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payments.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description In major units of the currency, at most its minor digits (COP 2, CLP 0). A JSON number or a decimal string in major units (`150000.5` or `"150000.50"`), with at most the currency's minor digits.
                     * @example 150000
                     * @example 150000.00
                     */
                    amount: number | string;
                    /** @description ISO 4217. */
                    currency: string;
                    /** @description Your unique reference: the charge's idempotency key. */
                    order_id: string;
                    instrument_id: string;
                    /** @description The CVV encrypted with the active key; never in clear text. */
                    encrypted_cvv: string;
                    description?: string;
                    /**
                     * @description false authorizes only.
                     * @default true
                     */
                    capture?: boolean;
                    /** @description A merchant of your organization (`mer-`); 422 if there is none with this id. Fee rules can match on it. */
                    merchant_id?: string;
                    /** @description A point of sale (`pos-`) of that merchant; alone, it names its merchant too. */
                    point_of_sale_id?: string;
                    /** @description Never accepted here: tokenize first (422). */
                    card?: unknown;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `pay-` prefix. */
                        id: string;
                        /** @description Spec section 3. A captured payment stays APPROVED (see captured_at); fully refunded is REFUNDED. */
                        status: "PENDING" | "APPROVED" | "AUTHORIZED" | "REJECTED" | "CANCELLED" | "REFUNDED";
                        /** @description ISO 8583 issuer response code (`00` approved). */
                        response_code: string | null;
                        /** @description Present when approved. */
                        approval_code?: string;
                        /** @description The amount, with exactly the currency's minor digits ("15000.00"). */
                        amount: string;
                        currency: string;
                        order_id: string;
                        description: string | null;
                        /** @description false: deferred capture (AUTHORIZED until POST .../capture). */
                        capture: boolean;
                        /** @description Captured so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_captured: string;
                        /** @description Refunded so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_refunded: string;
                        /** @description Held by the authorization (after any adjustment), with exactly the currency's minor digits ("15000.00"). */
                        amount_authorized?: string;
                        /** @description The fees applied at capture (at most one per type); empty before capture or when no rule matches. */
                        fees: {
                            /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
                            type: "interchange" | "mdr";
                            rule_id: string;
                            /** @description round-half-up(captured × percentage_bps / 10000) + fixed_amount, in the payment's currency ("4.05"). */
                            amount: string;
                            percentage_bps: number;
                            fixed_amount: string;
                        }[];
                        /** @description The sum of `fees`. */
                        fees_total: string;
                        /** @description `amount_captured` − `fees_total`, exact (negative when the fees exceed a small capture). */
                        net_amount: string;
                        instrument: {
                            id: string;
                            card_brand: string;
                            last_four_digits: string;
                        };
                        authorized_at: string | null;
                        /** @description Automatic capture happens CAPTURE_DELAY_SECONDS after approval. */
                        captured_at: string | null;
                        cancelled_at: string | null;
                        /** @description The merchant (`mer-`) the payment was made for, if named. */
                        merchant_id: string | null;
                        /** @description The point of sale (`pos-`), if named. */
                        point_of_sale_id: string | null;
                        /** @description The terminal (`ter-`) of a card-present payment. */
                        terminal_id: string | null;
                        channel: "ecommerce" | "card_present";
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description In the answer to an action: the transaction (`trx-`) the action recorded. */
                        transaction?: {
                            /** @description `trx-` prefix. */
                            id: string;
                            payment_id: string;
                            /** @description The network operation this transaction records; `purchase` is the one transaction of an alternative payment. */
                            type: "authorization" | "capture" | "void" | "reversal" | "adjustment" | "refund" | "purchase";
                            /** @description PENDING while the network has not answered (a PENDING authorization, a refund in flight). */
                            status: "PENDING" | "SUCCEEDED" | "REJECTED";
                            /** @description With exactly the currency's minor digits. An adjustment shows the new authorized amount. */
                            amount: string;
                            currency: string;
                            /** @description The network's ISO 8583 response code (`00` approved). */
                            response_code: string | null;
                            /** @description The network's id of the authorization the operation acted on. */
                            network_reference: string | null;
                            /** @description The refund (`ref-`) of a refund transaction. */
                            refund_id: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payments.authorizations.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description In major units of the currency, at most its minor digits (COP 2, CLP 0). A JSON number or a decimal string in major units (`150000.5` or `"150000.50"`), with at most the currency's minor digits.
                     * @example 150000
                     * @example 150000.00
                     */
                    amount: number | string;
                    /** @description ISO 4217. */
                    currency: string;
                    /** @description Your unique reference: the charge's idempotency key. */
                    order_id: string;
                    instrument_id: string;
                    /** @description The CVV encrypted with the active key; never in clear text. */
                    encrypted_cvv: string;
                    description?: string;
                    /**
                     * @description false authorizes only.
                     * @default true
                     */
                    capture?: boolean;
                    /** @description A merchant of your organization (`mer-`); 422 if there is none with this id. Fee rules can match on it. */
                    merchant_id?: string;
                    /** @description A point of sale (`pos-`) of that merchant; alone, it names its merchant too. */
                    point_of_sale_id?: string;
                    /** @description Never accepted here: tokenize first (422). */
                    card?: unknown;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `pay-` prefix. */
                        id: string;
                        /** @description Spec section 3. A captured payment stays APPROVED (see captured_at); fully refunded is REFUNDED. */
                        status: "PENDING" | "APPROVED" | "AUTHORIZED" | "REJECTED" | "CANCELLED" | "REFUNDED";
                        /** @description ISO 8583 issuer response code (`00` approved). */
                        response_code: string | null;
                        /** @description Present when approved. */
                        approval_code?: string;
                        /** @description The amount, with exactly the currency's minor digits ("15000.00"). */
                        amount: string;
                        currency: string;
                        order_id: string;
                        description: string | null;
                        /** @description false: deferred capture (AUTHORIZED until POST .../capture). */
                        capture: boolean;
                        /** @description Captured so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_captured: string;
                        /** @description Refunded so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_refunded: string;
                        /** @description Held by the authorization (after any adjustment), with exactly the currency's minor digits ("15000.00"). */
                        amount_authorized?: string;
                        /** @description The fees applied at capture (at most one per type); empty before capture or when no rule matches. */
                        fees: {
                            /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
                            type: "interchange" | "mdr";
                            rule_id: string;
                            /** @description round-half-up(captured × percentage_bps / 10000) + fixed_amount, in the payment's currency ("4.05"). */
                            amount: string;
                            percentage_bps: number;
                            fixed_amount: string;
                        }[];
                        /** @description The sum of `fees`. */
                        fees_total: string;
                        /** @description `amount_captured` − `fees_total`, exact (negative when the fees exceed a small capture). */
                        net_amount: string;
                        instrument: {
                            id: string;
                            card_brand: string;
                            last_four_digits: string;
                        };
                        authorized_at: string | null;
                        /** @description Automatic capture happens CAPTURE_DELAY_SECONDS after approval. */
                        captured_at: string | null;
                        cancelled_at: string | null;
                        /** @description The merchant (`mer-`) the payment was made for, if named. */
                        merchant_id: string | null;
                        /** @description The point of sale (`pos-`), if named. */
                        point_of_sale_id: string | null;
                        /** @description The terminal (`ter-`) of a card-present payment. */
                        terminal_id: string | null;
                        channel: "ecommerce" | "card_present";
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description In the answer to an action: the transaction (`trx-`) the action recorded. */
                        transaction?: {
                            /** @description `trx-` prefix. */
                            id: string;
                            payment_id: string;
                            /** @description The network operation this transaction records; `purchase` is the one transaction of an alternative payment. */
                            type: "authorization" | "capture" | "void" | "reversal" | "adjustment" | "refund" | "purchase";
                            /** @description PENDING while the network has not answered (a PENDING authorization, a refund in flight). */
                            status: "PENDING" | "SUCCEEDED" | "REJECTED";
                            /** @description With exactly the currency's minor digits. An adjustment shows the new authorized amount. */
                            amount: string;
                            currency: string;
                            /** @description The network's ISO 8583 response code (`00` approved). */
                            response_code: string | null;
                            /** @description The network's id of the authorization the operation acted on. */
                            network_reference: string | null;
                            /** @description The refund (`ref-`) of a refund transaction. */
                            refund_id: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payments.search": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description An id: the page after it (older). */
                starting_after?: string;
                /** @description An id: the page before it (newer). */
                ending_before?: string;
                created_gte?: string;
                created_lte?: string;
                /** @description A card payment's `status` or an alternative payment's `transaction.status` (IN_PROGRESS, APPROVED, DECLINED, FAILED). */
                status?: "PENDING" | "APPROVED" | "AUTHORIZED" | "REJECTED" | "CANCELLED" | "REFUNDED" | "IN_PROGRESS" | "DECLINED" | "FAILED";
                merchant_id?: string;
                point_of_sale_id?: string;
                /** @description `card` or `alternative` (the Colombian rails); both when absent. */
                kind?: "card" | "alternative";
                /** @description Alternative payments on this rail only (BANK_REDIRECT, WALLET_PUSH, WALLET_OTP, QR_INTEROP). */
                rail_id?: "BANK_REDIRECT" | "WALLET_PUSH" | "WALLET_OTP" | "QR_INTEROP";
                /** @description ISO 4217. */
                currency?: string;
                order_id?: string;
                /** @description Card payments only. */
                instrument_id?: string;
                /** @description At least this amount, in major units of `currency` (required with it). */
                amount_gte?: number;
                /** @description At most this amount, in major units of `currency` (required with it). */
                amount_lte?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: (components["schemas"]["CardPayment"] | components["schemas"]["ApmPayment"])[];
                        has_more: boolean;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payments.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CardPayment"] | components["schemas"]["ApmPayment"];
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payments.authorize": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A `pay-` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `pay-` prefix. */
                        id: string;
                        /** @description Spec section 3. A captured payment stays APPROVED (see captured_at); fully refunded is REFUNDED. */
                        status: "PENDING" | "APPROVED" | "AUTHORIZED" | "REJECTED" | "CANCELLED" | "REFUNDED";
                        /** @description ISO 8583 issuer response code (`00` approved). */
                        response_code: string | null;
                        /** @description Present when approved. */
                        approval_code?: string;
                        /** @description The amount, with exactly the currency's minor digits ("15000.00"). */
                        amount: string;
                        currency: string;
                        order_id: string;
                        description: string | null;
                        /** @description false: deferred capture (AUTHORIZED until POST .../capture). */
                        capture: boolean;
                        /** @description Captured so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_captured: string;
                        /** @description Refunded so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_refunded: string;
                        /** @description Held by the authorization (after any adjustment), with exactly the currency's minor digits ("15000.00"). */
                        amount_authorized?: string;
                        /** @description The fees applied at capture (at most one per type); empty before capture or when no rule matches. */
                        fees: {
                            /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
                            type: "interchange" | "mdr";
                            rule_id: string;
                            /** @description round-half-up(captured × percentage_bps / 10000) + fixed_amount, in the payment's currency ("4.05"). */
                            amount: string;
                            percentage_bps: number;
                            fixed_amount: string;
                        }[];
                        /** @description The sum of `fees`. */
                        fees_total: string;
                        /** @description `amount_captured` − `fees_total`, exact (negative when the fees exceed a small capture). */
                        net_amount: string;
                        instrument: {
                            id: string;
                            card_brand: string;
                            last_four_digits: string;
                        };
                        authorized_at: string | null;
                        /** @description Automatic capture happens CAPTURE_DELAY_SECONDS after approval. */
                        captured_at: string | null;
                        cancelled_at: string | null;
                        /** @description The merchant (`mer-`) the payment was made for, if named. */
                        merchant_id: string | null;
                        /** @description The point of sale (`pos-`), if named. */
                        point_of_sale_id: string | null;
                        /** @description The terminal (`ter-`) of a card-present payment. */
                        terminal_id: string | null;
                        channel: "ecommerce" | "card_present";
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description In the answer to an action: the transaction (`trx-`) the action recorded. */
                        transaction?: {
                            /** @description `trx-` prefix. */
                            id: string;
                            payment_id: string;
                            /** @description The network operation this transaction records; `purchase` is the one transaction of an alternative payment. */
                            type: "authorization" | "capture" | "void" | "reversal" | "adjustment" | "refund" | "purchase";
                            /** @description PENDING while the network has not answered (a PENDING authorization, a refund in flight). */
                            status: "PENDING" | "SUCCEEDED" | "REJECTED";
                            /** @description With exactly the currency's minor digits. An adjustment shows the new authorized amount. */
                            amount: string;
                            currency: string;
                            /** @description The network's ISO 8583 response code (`00` approved). */
                            response_code: string | null;
                            /** @description The network's id of the authorization the operation acted on. */
                            network_reference: string | null;
                            /** @description The refund (`ref-`) of a refund transaction. */
                            refund_id: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payments.capture": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A `pay-` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Capture less than authorized (the rest is released). Default: all of it. A JSON number or a decimal string in major units (`150000.5` or `"150000.50"`), with at most the currency's minor digits.
                     * @example 150000
                     * @example 150000.00
                     */
                    amount?: number | string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `pay-` prefix. */
                        id: string;
                        /** @description Spec section 3. A captured payment stays APPROVED (see captured_at); fully refunded is REFUNDED. */
                        status: "PENDING" | "APPROVED" | "AUTHORIZED" | "REJECTED" | "CANCELLED" | "REFUNDED";
                        /** @description ISO 8583 issuer response code (`00` approved). */
                        response_code: string | null;
                        /** @description Present when approved. */
                        approval_code?: string;
                        /** @description The amount, with exactly the currency's minor digits ("15000.00"). */
                        amount: string;
                        currency: string;
                        order_id: string;
                        description: string | null;
                        /** @description false: deferred capture (AUTHORIZED until POST .../capture). */
                        capture: boolean;
                        /** @description Captured so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_captured: string;
                        /** @description Refunded so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_refunded: string;
                        /** @description Held by the authorization (after any adjustment), with exactly the currency's minor digits ("15000.00"). */
                        amount_authorized?: string;
                        /** @description The fees applied at capture (at most one per type); empty before capture or when no rule matches. */
                        fees: {
                            /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
                            type: "interchange" | "mdr";
                            rule_id: string;
                            /** @description round-half-up(captured × percentage_bps / 10000) + fixed_amount, in the payment's currency ("4.05"). */
                            amount: string;
                            percentage_bps: number;
                            fixed_amount: string;
                        }[];
                        /** @description The sum of `fees`. */
                        fees_total: string;
                        /** @description `amount_captured` − `fees_total`, exact (negative when the fees exceed a small capture). */
                        net_amount: string;
                        instrument: {
                            id: string;
                            card_brand: string;
                            last_four_digits: string;
                        };
                        authorized_at: string | null;
                        /** @description Automatic capture happens CAPTURE_DELAY_SECONDS after approval. */
                        captured_at: string | null;
                        cancelled_at: string | null;
                        /** @description The merchant (`mer-`) the payment was made for, if named. */
                        merchant_id: string | null;
                        /** @description The point of sale (`pos-`), if named. */
                        point_of_sale_id: string | null;
                        /** @description The terminal (`ter-`) of a card-present payment. */
                        terminal_id: string | null;
                        channel: "ecommerce" | "card_present";
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description In the answer to an action: the transaction (`trx-`) the action recorded. */
                        transaction?: {
                            /** @description `trx-` prefix. */
                            id: string;
                            payment_id: string;
                            /** @description The network operation this transaction records; `purchase` is the one transaction of an alternative payment. */
                            type: "authorization" | "capture" | "void" | "reversal" | "adjustment" | "refund" | "purchase";
                            /** @description PENDING while the network has not answered (a PENDING authorization, a refund in flight). */
                            status: "PENDING" | "SUCCEEDED" | "REJECTED";
                            /** @description With exactly the currency's minor digits. An adjustment shows the new authorized amount. */
                            amount: string;
                            currency: string;
                            /** @description The network's ISO 8583 response code (`00` approved). */
                            response_code: string | null;
                            /** @description The network's id of the authorization the operation acted on. */
                            network_reference: string | null;
                            /** @description The refund (`ref-`) of a refund transaction. */
                            refund_id: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payments.cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A `pay-` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `pay-` prefix. */
                        id: string;
                        /** @description Spec section 3. A captured payment stays APPROVED (see captured_at); fully refunded is REFUNDED. */
                        status: "PENDING" | "APPROVED" | "AUTHORIZED" | "REJECTED" | "CANCELLED" | "REFUNDED";
                        /** @description ISO 8583 issuer response code (`00` approved). */
                        response_code: string | null;
                        /** @description Present when approved. */
                        approval_code?: string;
                        /** @description The amount, with exactly the currency's minor digits ("15000.00"). */
                        amount: string;
                        currency: string;
                        order_id: string;
                        description: string | null;
                        /** @description false: deferred capture (AUTHORIZED until POST .../capture). */
                        capture: boolean;
                        /** @description Captured so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_captured: string;
                        /** @description Refunded so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_refunded: string;
                        /** @description Held by the authorization (after any adjustment), with exactly the currency's minor digits ("15000.00"). */
                        amount_authorized?: string;
                        /** @description The fees applied at capture (at most one per type); empty before capture or when no rule matches. */
                        fees: {
                            /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
                            type: "interchange" | "mdr";
                            rule_id: string;
                            /** @description round-half-up(captured × percentage_bps / 10000) + fixed_amount, in the payment's currency ("4.05"). */
                            amount: string;
                            percentage_bps: number;
                            fixed_amount: string;
                        }[];
                        /** @description The sum of `fees`. */
                        fees_total: string;
                        /** @description `amount_captured` − `fees_total`, exact (negative when the fees exceed a small capture). */
                        net_amount: string;
                        instrument: {
                            id: string;
                            card_brand: string;
                            last_four_digits: string;
                        };
                        authorized_at: string | null;
                        /** @description Automatic capture happens CAPTURE_DELAY_SECONDS after approval. */
                        captured_at: string | null;
                        cancelled_at: string | null;
                        /** @description The merchant (`mer-`) the payment was made for, if named. */
                        merchant_id: string | null;
                        /** @description The point of sale (`pos-`), if named. */
                        point_of_sale_id: string | null;
                        /** @description The terminal (`ter-`) of a card-present payment. */
                        terminal_id: string | null;
                        channel: "ecommerce" | "card_present";
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description In the answer to an action: the transaction (`trx-`) the action recorded. */
                        transaction?: {
                            /** @description `trx-` prefix. */
                            id: string;
                            payment_id: string;
                            /** @description The network operation this transaction records; `purchase` is the one transaction of an alternative payment. */
                            type: "authorization" | "capture" | "void" | "reversal" | "adjustment" | "refund" | "purchase";
                            /** @description PENDING while the network has not answered (a PENDING authorization, a refund in flight). */
                            status: "PENDING" | "SUCCEEDED" | "REJECTED";
                            /** @description With exactly the currency's minor digits. An adjustment shows the new authorized amount. */
                            amount: string;
                            currency: string;
                            /** @description The network's ISO 8583 response code (`00` approved). */
                            response_code: string | null;
                            /** @description The network's id of the authorization the operation acted on. */
                            network_reference: string | null;
                            /** @description The refund (`ref-`) of a refund transaction. */
                            refund_id: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payments.reverse": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A `pay-` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `pay-` prefix. */
                        id: string;
                        /** @description Spec section 3. A captured payment stays APPROVED (see captured_at); fully refunded is REFUNDED. */
                        status: "PENDING" | "APPROVED" | "AUTHORIZED" | "REJECTED" | "CANCELLED" | "REFUNDED";
                        /** @description ISO 8583 issuer response code (`00` approved). */
                        response_code: string | null;
                        /** @description Present when approved. */
                        approval_code?: string;
                        /** @description The amount, with exactly the currency's minor digits ("15000.00"). */
                        amount: string;
                        currency: string;
                        order_id: string;
                        description: string | null;
                        /** @description false: deferred capture (AUTHORIZED until POST .../capture). */
                        capture: boolean;
                        /** @description Captured so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_captured: string;
                        /** @description Refunded so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_refunded: string;
                        /** @description Held by the authorization (after any adjustment), with exactly the currency's minor digits ("15000.00"). */
                        amount_authorized?: string;
                        /** @description The fees applied at capture (at most one per type); empty before capture or when no rule matches. */
                        fees: {
                            /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
                            type: "interchange" | "mdr";
                            rule_id: string;
                            /** @description round-half-up(captured × percentage_bps / 10000) + fixed_amount, in the payment's currency ("4.05"). */
                            amount: string;
                            percentage_bps: number;
                            fixed_amount: string;
                        }[];
                        /** @description The sum of `fees`. */
                        fees_total: string;
                        /** @description `amount_captured` − `fees_total`, exact (negative when the fees exceed a small capture). */
                        net_amount: string;
                        instrument: {
                            id: string;
                            card_brand: string;
                            last_four_digits: string;
                        };
                        authorized_at: string | null;
                        /** @description Automatic capture happens CAPTURE_DELAY_SECONDS after approval. */
                        captured_at: string | null;
                        cancelled_at: string | null;
                        /** @description The merchant (`mer-`) the payment was made for, if named. */
                        merchant_id: string | null;
                        /** @description The point of sale (`pos-`), if named. */
                        point_of_sale_id: string | null;
                        /** @description The terminal (`ter-`) of a card-present payment. */
                        terminal_id: string | null;
                        channel: "ecommerce" | "card_present";
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description In the answer to an action: the transaction (`trx-`) the action recorded. */
                        transaction?: {
                            /** @description `trx-` prefix. */
                            id: string;
                            payment_id: string;
                            /** @description The network operation this transaction records; `purchase` is the one transaction of an alternative payment. */
                            type: "authorization" | "capture" | "void" | "reversal" | "adjustment" | "refund" | "purchase";
                            /** @description PENDING while the network has not answered (a PENDING authorization, a refund in flight). */
                            status: "PENDING" | "SUCCEEDED" | "REJECTED";
                            /** @description With exactly the currency's minor digits. An adjustment shows the new authorized amount. */
                            amount: string;
                            currency: string;
                            /** @description The network's ISO 8583 response code (`00` approved). */
                            response_code: string | null;
                            /** @description The network's id of the authorization the operation acted on. */
                            network_reference: string | null;
                            /** @description The refund (`ref-`) of a refund transaction. */
                            refund_id: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payments.adjust": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A `pay-` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The new authorized amount, major units: more than 0, at most 115% of the original authorization. A JSON number or a decimal string in major units (`150000.5` or `"150000.50"`), with at most the currency's minor digits.
                     * @example 150000
                     * @example 150000.00
                     */
                    amount: number | string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `pay-` prefix. */
                        id: string;
                        /** @description Spec section 3. A captured payment stays APPROVED (see captured_at); fully refunded is REFUNDED. */
                        status: "PENDING" | "APPROVED" | "AUTHORIZED" | "REJECTED" | "CANCELLED" | "REFUNDED";
                        /** @description ISO 8583 issuer response code (`00` approved). */
                        response_code: string | null;
                        /** @description Present when approved. */
                        approval_code?: string;
                        /** @description The amount, with exactly the currency's minor digits ("15000.00"). */
                        amount: string;
                        currency: string;
                        order_id: string;
                        description: string | null;
                        /** @description false: deferred capture (AUTHORIZED until POST .../capture). */
                        capture: boolean;
                        /** @description Captured so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_captured: string;
                        /** @description Refunded so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_refunded: string;
                        /** @description Held by the authorization (after any adjustment), with exactly the currency's minor digits ("15000.00"). */
                        amount_authorized?: string;
                        /** @description The fees applied at capture (at most one per type); empty before capture or when no rule matches. */
                        fees: {
                            /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
                            type: "interchange" | "mdr";
                            rule_id: string;
                            /** @description round-half-up(captured × percentage_bps / 10000) + fixed_amount, in the payment's currency ("4.05"). */
                            amount: string;
                            percentage_bps: number;
                            fixed_amount: string;
                        }[];
                        /** @description The sum of `fees`. */
                        fees_total: string;
                        /** @description `amount_captured` − `fees_total`, exact (negative when the fees exceed a small capture). */
                        net_amount: string;
                        instrument: {
                            id: string;
                            card_brand: string;
                            last_four_digits: string;
                        };
                        authorized_at: string | null;
                        /** @description Automatic capture happens CAPTURE_DELAY_SECONDS after approval. */
                        captured_at: string | null;
                        cancelled_at: string | null;
                        /** @description The merchant (`mer-`) the payment was made for, if named. */
                        merchant_id: string | null;
                        /** @description The point of sale (`pos-`), if named. */
                        point_of_sale_id: string | null;
                        /** @description The terminal (`ter-`) of a card-present payment. */
                        terminal_id: string | null;
                        channel: "ecommerce" | "card_present";
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description In the answer to an action: the transaction (`trx-`) the action recorded. */
                        transaction?: {
                            /** @description `trx-` prefix. */
                            id: string;
                            payment_id: string;
                            /** @description The network operation this transaction records; `purchase` is the one transaction of an alternative payment. */
                            type: "authorization" | "capture" | "void" | "reversal" | "adjustment" | "refund" | "purchase";
                            /** @description PENDING while the network has not answered (a PENDING authorization, a refund in flight). */
                            status: "PENDING" | "SUCCEEDED" | "REJECTED";
                            /** @description With exactly the currency's minor digits. An adjustment shows the new authorized amount. */
                            amount: string;
                            currency: string;
                            /** @description The network's ISO 8583 response code (`00` approved). */
                            response_code: string | null;
                            /** @description The network's id of the authorization the operation acted on. */
                            network_reference: string | null;
                            /** @description The refund (`ref-`) of a refund transaction. */
                            refund_id: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payments.refund": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A `pay-` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Major units. Default: everything still refundable. A JSON number or a decimal string in major units (`150000.5` or `"150000.50"`), with at most the currency's minor digits.
                     * @example 150000
                     * @example 150000.00
                     */
                    amount?: number | string;
                    /** @description The payment's currency (the default). */
                    currency?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `ref-` prefix. */
                        id: string;
                        payment_id: string;
                        amount: string;
                        currency: string;
                        status: "PENDING" | "SUCCEEDED" | "REJECTED";
                        response_code: string | null;
                        /** @description The refund's transaction (`trx-`) in its payment's history. */
                        transaction_id: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payments.cancelOrRefund": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A `pay-` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `pay-` prefix. */
                        id: string;
                        /** @description Spec section 3. A captured payment stays APPROVED (see captured_at); fully refunded is REFUNDED. */
                        status: "PENDING" | "APPROVED" | "AUTHORIZED" | "REJECTED" | "CANCELLED" | "REFUNDED";
                        /** @description ISO 8583 issuer response code (`00` approved). */
                        response_code: string | null;
                        /** @description Present when approved. */
                        approval_code?: string;
                        /** @description The amount, with exactly the currency's minor digits ("15000.00"). */
                        amount: string;
                        currency: string;
                        order_id: string;
                        description: string | null;
                        /** @description false: deferred capture (AUTHORIZED until POST .../capture). */
                        capture: boolean;
                        /** @description Captured so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_captured: string;
                        /** @description Refunded so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_refunded: string;
                        /** @description Held by the authorization (after any adjustment), with exactly the currency's minor digits ("15000.00"). */
                        amount_authorized?: string;
                        /** @description The fees applied at capture (at most one per type); empty before capture or when no rule matches. */
                        fees: {
                            /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
                            type: "interchange" | "mdr";
                            rule_id: string;
                            /** @description round-half-up(captured × percentage_bps / 10000) + fixed_amount, in the payment's currency ("4.05"). */
                            amount: string;
                            percentage_bps: number;
                            fixed_amount: string;
                        }[];
                        /** @description The sum of `fees`. */
                        fees_total: string;
                        /** @description `amount_captured` − `fees_total`, exact (negative when the fees exceed a small capture). */
                        net_amount: string;
                        instrument: {
                            id: string;
                            card_brand: string;
                            last_four_digits: string;
                        };
                        authorized_at: string | null;
                        /** @description Automatic capture happens CAPTURE_DELAY_SECONDS after approval. */
                        captured_at: string | null;
                        cancelled_at: string | null;
                        /** @description The merchant (`mer-`) the payment was made for, if named. */
                        merchant_id: string | null;
                        /** @description The point of sale (`pos-`), if named. */
                        point_of_sale_id: string | null;
                        /** @description The terminal (`ter-`) of a card-present payment. */
                        terminal_id: string | null;
                        channel: "ecommerce" | "card_present";
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description In the answer to an action: the transaction (`trx-`) the action recorded. */
                        transaction?: {
                            /** @description `trx-` prefix. */
                            id: string;
                            payment_id: string;
                            /** @description The network operation this transaction records; `purchase` is the one transaction of an alternative payment. */
                            type: "authorization" | "capture" | "void" | "reversal" | "adjustment" | "refund" | "purchase";
                            /** @description PENDING while the network has not answered (a PENDING authorization, a refund in flight). */
                            status: "PENDING" | "SUCCEEDED" | "REJECTED";
                            /** @description With exactly the currency's minor digits. An adjustment shows the new authorized amount. */
                            amount: string;
                            currency: string;
                            /** @description The network's ISO 8583 response code (`00` approved). */
                            response_code: string | null;
                            /** @description The network's id of the authorization the operation acted on. */
                            network_reference: string | null;
                            /** @description The refund (`ref-`) of a refund transaction. */
                            refund_id: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "transactions.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `trx-` prefix. */
                        id: string;
                        payment_id: string;
                        /** @description The network operation this transaction records; `purchase` is the one transaction of an alternative payment. */
                        type: "authorization" | "capture" | "void" | "reversal" | "adjustment" | "refund" | "purchase";
                        /** @description PENDING while the network has not answered (a PENDING authorization, a refund in flight). */
                        status: "PENDING" | "SUCCEEDED" | "REJECTED";
                        /** @description With exactly the currency's minor digits. An adjustment shows the new authorized amount. */
                        amount: string;
                        currency: string;
                        /** @description The network's ISO 8583 response code (`00` approved). */
                        response_code: string | null;
                        /** @description The network's id of the authorization the operation acted on. */
                        network_reference: string | null;
                        /** @description The refund (`ref-`) of a refund transaction. */
                        refund_id: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payments.transactions.list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description An id: the page after it (older). */
                starting_after?: string;
                /** @description An id: the page before it (newer). */
                ending_before?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Transaction"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "transactions.authorize": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A `trx-` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `pay-` prefix. */
                        id: string;
                        /** @description Spec section 3. A captured payment stays APPROVED (see captured_at); fully refunded is REFUNDED. */
                        status: "PENDING" | "APPROVED" | "AUTHORIZED" | "REJECTED" | "CANCELLED" | "REFUNDED";
                        /** @description ISO 8583 issuer response code (`00` approved). */
                        response_code: string | null;
                        /** @description Present when approved. */
                        approval_code?: string;
                        /** @description The amount, with exactly the currency's minor digits ("15000.00"). */
                        amount: string;
                        currency: string;
                        order_id: string;
                        description: string | null;
                        /** @description false: deferred capture (AUTHORIZED until POST .../capture). */
                        capture: boolean;
                        /** @description Captured so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_captured: string;
                        /** @description Refunded so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_refunded: string;
                        /** @description Held by the authorization (after any adjustment), with exactly the currency's minor digits ("15000.00"). */
                        amount_authorized?: string;
                        /** @description The fees applied at capture (at most one per type); empty before capture or when no rule matches. */
                        fees: {
                            /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
                            type: "interchange" | "mdr";
                            rule_id: string;
                            /** @description round-half-up(captured × percentage_bps / 10000) + fixed_amount, in the payment's currency ("4.05"). */
                            amount: string;
                            percentage_bps: number;
                            fixed_amount: string;
                        }[];
                        /** @description The sum of `fees`. */
                        fees_total: string;
                        /** @description `amount_captured` − `fees_total`, exact (negative when the fees exceed a small capture). */
                        net_amount: string;
                        instrument: {
                            id: string;
                            card_brand: string;
                            last_four_digits: string;
                        };
                        authorized_at: string | null;
                        /** @description Automatic capture happens CAPTURE_DELAY_SECONDS after approval. */
                        captured_at: string | null;
                        cancelled_at: string | null;
                        /** @description The merchant (`mer-`) the payment was made for, if named. */
                        merchant_id: string | null;
                        /** @description The point of sale (`pos-`), if named. */
                        point_of_sale_id: string | null;
                        /** @description The terminal (`ter-`) of a card-present payment. */
                        terminal_id: string | null;
                        channel: "ecommerce" | "card_present";
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description In the answer to an action: the transaction (`trx-`) the action recorded. */
                        transaction?: {
                            /** @description `trx-` prefix. */
                            id: string;
                            payment_id: string;
                            /** @description The network operation this transaction records; `purchase` is the one transaction of an alternative payment. */
                            type: "authorization" | "capture" | "void" | "reversal" | "adjustment" | "refund" | "purchase";
                            /** @description PENDING while the network has not answered (a PENDING authorization, a refund in flight). */
                            status: "PENDING" | "SUCCEEDED" | "REJECTED";
                            /** @description With exactly the currency's minor digits. An adjustment shows the new authorized amount. */
                            amount: string;
                            currency: string;
                            /** @description The network's ISO 8583 response code (`00` approved). */
                            response_code: string | null;
                            /** @description The network's id of the authorization the operation acted on. */
                            network_reference: string | null;
                            /** @description The refund (`ref-`) of a refund transaction. */
                            refund_id: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "transactions.capture": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A `trx-` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Capture less than authorized (the rest is released). Default: all of it. A JSON number or a decimal string in major units (`150000.5` or `"150000.50"`), with at most the currency's minor digits.
                     * @example 150000
                     * @example 150000.00
                     */
                    amount?: number | string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `pay-` prefix. */
                        id: string;
                        /** @description Spec section 3. A captured payment stays APPROVED (see captured_at); fully refunded is REFUNDED. */
                        status: "PENDING" | "APPROVED" | "AUTHORIZED" | "REJECTED" | "CANCELLED" | "REFUNDED";
                        /** @description ISO 8583 issuer response code (`00` approved). */
                        response_code: string | null;
                        /** @description Present when approved. */
                        approval_code?: string;
                        /** @description The amount, with exactly the currency's minor digits ("15000.00"). */
                        amount: string;
                        currency: string;
                        order_id: string;
                        description: string | null;
                        /** @description false: deferred capture (AUTHORIZED until POST .../capture). */
                        capture: boolean;
                        /** @description Captured so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_captured: string;
                        /** @description Refunded so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_refunded: string;
                        /** @description Held by the authorization (after any adjustment), with exactly the currency's minor digits ("15000.00"). */
                        amount_authorized?: string;
                        /** @description The fees applied at capture (at most one per type); empty before capture or when no rule matches. */
                        fees: {
                            /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
                            type: "interchange" | "mdr";
                            rule_id: string;
                            /** @description round-half-up(captured × percentage_bps / 10000) + fixed_amount, in the payment's currency ("4.05"). */
                            amount: string;
                            percentage_bps: number;
                            fixed_amount: string;
                        }[];
                        /** @description The sum of `fees`. */
                        fees_total: string;
                        /** @description `amount_captured` − `fees_total`, exact (negative when the fees exceed a small capture). */
                        net_amount: string;
                        instrument: {
                            id: string;
                            card_brand: string;
                            last_four_digits: string;
                        };
                        authorized_at: string | null;
                        /** @description Automatic capture happens CAPTURE_DELAY_SECONDS after approval. */
                        captured_at: string | null;
                        cancelled_at: string | null;
                        /** @description The merchant (`mer-`) the payment was made for, if named. */
                        merchant_id: string | null;
                        /** @description The point of sale (`pos-`), if named. */
                        point_of_sale_id: string | null;
                        /** @description The terminal (`ter-`) of a card-present payment. */
                        terminal_id: string | null;
                        channel: "ecommerce" | "card_present";
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description In the answer to an action: the transaction (`trx-`) the action recorded. */
                        transaction?: {
                            /** @description `trx-` prefix. */
                            id: string;
                            payment_id: string;
                            /** @description The network operation this transaction records; `purchase` is the one transaction of an alternative payment. */
                            type: "authorization" | "capture" | "void" | "reversal" | "adjustment" | "refund" | "purchase";
                            /** @description PENDING while the network has not answered (a PENDING authorization, a refund in flight). */
                            status: "PENDING" | "SUCCEEDED" | "REJECTED";
                            /** @description With exactly the currency's minor digits. An adjustment shows the new authorized amount. */
                            amount: string;
                            currency: string;
                            /** @description The network's ISO 8583 response code (`00` approved). */
                            response_code: string | null;
                            /** @description The network's id of the authorization the operation acted on. */
                            network_reference: string | null;
                            /** @description The refund (`ref-`) of a refund transaction. */
                            refund_id: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "transactions.cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A `trx-` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `pay-` prefix. */
                        id: string;
                        /** @description Spec section 3. A captured payment stays APPROVED (see captured_at); fully refunded is REFUNDED. */
                        status: "PENDING" | "APPROVED" | "AUTHORIZED" | "REJECTED" | "CANCELLED" | "REFUNDED";
                        /** @description ISO 8583 issuer response code (`00` approved). */
                        response_code: string | null;
                        /** @description Present when approved. */
                        approval_code?: string;
                        /** @description The amount, with exactly the currency's minor digits ("15000.00"). */
                        amount: string;
                        currency: string;
                        order_id: string;
                        description: string | null;
                        /** @description false: deferred capture (AUTHORIZED until POST .../capture). */
                        capture: boolean;
                        /** @description Captured so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_captured: string;
                        /** @description Refunded so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_refunded: string;
                        /** @description Held by the authorization (after any adjustment), with exactly the currency's minor digits ("15000.00"). */
                        amount_authorized?: string;
                        /** @description The fees applied at capture (at most one per type); empty before capture or when no rule matches. */
                        fees: {
                            /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
                            type: "interchange" | "mdr";
                            rule_id: string;
                            /** @description round-half-up(captured × percentage_bps / 10000) + fixed_amount, in the payment's currency ("4.05"). */
                            amount: string;
                            percentage_bps: number;
                            fixed_amount: string;
                        }[];
                        /** @description The sum of `fees`. */
                        fees_total: string;
                        /** @description `amount_captured` − `fees_total`, exact (negative when the fees exceed a small capture). */
                        net_amount: string;
                        instrument: {
                            id: string;
                            card_brand: string;
                            last_four_digits: string;
                        };
                        authorized_at: string | null;
                        /** @description Automatic capture happens CAPTURE_DELAY_SECONDS after approval. */
                        captured_at: string | null;
                        cancelled_at: string | null;
                        /** @description The merchant (`mer-`) the payment was made for, if named. */
                        merchant_id: string | null;
                        /** @description The point of sale (`pos-`), if named. */
                        point_of_sale_id: string | null;
                        /** @description The terminal (`ter-`) of a card-present payment. */
                        terminal_id: string | null;
                        channel: "ecommerce" | "card_present";
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description In the answer to an action: the transaction (`trx-`) the action recorded. */
                        transaction?: {
                            /** @description `trx-` prefix. */
                            id: string;
                            payment_id: string;
                            /** @description The network operation this transaction records; `purchase` is the one transaction of an alternative payment. */
                            type: "authorization" | "capture" | "void" | "reversal" | "adjustment" | "refund" | "purchase";
                            /** @description PENDING while the network has not answered (a PENDING authorization, a refund in flight). */
                            status: "PENDING" | "SUCCEEDED" | "REJECTED";
                            /** @description With exactly the currency's minor digits. An adjustment shows the new authorized amount. */
                            amount: string;
                            currency: string;
                            /** @description The network's ISO 8583 response code (`00` approved). */
                            response_code: string | null;
                            /** @description The network's id of the authorization the operation acted on. */
                            network_reference: string | null;
                            /** @description The refund (`ref-`) of a refund transaction. */
                            refund_id: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "transactions.reverse": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A `trx-` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `pay-` prefix. */
                        id: string;
                        /** @description Spec section 3. A captured payment stays APPROVED (see captured_at); fully refunded is REFUNDED. */
                        status: "PENDING" | "APPROVED" | "AUTHORIZED" | "REJECTED" | "CANCELLED" | "REFUNDED";
                        /** @description ISO 8583 issuer response code (`00` approved). */
                        response_code: string | null;
                        /** @description Present when approved. */
                        approval_code?: string;
                        /** @description The amount, with exactly the currency's minor digits ("15000.00"). */
                        amount: string;
                        currency: string;
                        order_id: string;
                        description: string | null;
                        /** @description false: deferred capture (AUTHORIZED until POST .../capture). */
                        capture: boolean;
                        /** @description Captured so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_captured: string;
                        /** @description Refunded so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_refunded: string;
                        /** @description Held by the authorization (after any adjustment), with exactly the currency's minor digits ("15000.00"). */
                        amount_authorized?: string;
                        /** @description The fees applied at capture (at most one per type); empty before capture or when no rule matches. */
                        fees: {
                            /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
                            type: "interchange" | "mdr";
                            rule_id: string;
                            /** @description round-half-up(captured × percentage_bps / 10000) + fixed_amount, in the payment's currency ("4.05"). */
                            amount: string;
                            percentage_bps: number;
                            fixed_amount: string;
                        }[];
                        /** @description The sum of `fees`. */
                        fees_total: string;
                        /** @description `amount_captured` − `fees_total`, exact (negative when the fees exceed a small capture). */
                        net_amount: string;
                        instrument: {
                            id: string;
                            card_brand: string;
                            last_four_digits: string;
                        };
                        authorized_at: string | null;
                        /** @description Automatic capture happens CAPTURE_DELAY_SECONDS after approval. */
                        captured_at: string | null;
                        cancelled_at: string | null;
                        /** @description The merchant (`mer-`) the payment was made for, if named. */
                        merchant_id: string | null;
                        /** @description The point of sale (`pos-`), if named. */
                        point_of_sale_id: string | null;
                        /** @description The terminal (`ter-`) of a card-present payment. */
                        terminal_id: string | null;
                        channel: "ecommerce" | "card_present";
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description In the answer to an action: the transaction (`trx-`) the action recorded. */
                        transaction?: {
                            /** @description `trx-` prefix. */
                            id: string;
                            payment_id: string;
                            /** @description The network operation this transaction records; `purchase` is the one transaction of an alternative payment. */
                            type: "authorization" | "capture" | "void" | "reversal" | "adjustment" | "refund" | "purchase";
                            /** @description PENDING while the network has not answered (a PENDING authorization, a refund in flight). */
                            status: "PENDING" | "SUCCEEDED" | "REJECTED";
                            /** @description With exactly the currency's minor digits. An adjustment shows the new authorized amount. */
                            amount: string;
                            currency: string;
                            /** @description The network's ISO 8583 response code (`00` approved). */
                            response_code: string | null;
                            /** @description The network's id of the authorization the operation acted on. */
                            network_reference: string | null;
                            /** @description The refund (`ref-`) of a refund transaction. */
                            refund_id: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "transactions.adjust": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A `trx-` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The new authorized amount, major units: more than 0, at most 115% of the original authorization. A JSON number or a decimal string in major units (`150000.5` or `"150000.50"`), with at most the currency's minor digits.
                     * @example 150000
                     * @example 150000.00
                     */
                    amount: number | string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `pay-` prefix. */
                        id: string;
                        /** @description Spec section 3. A captured payment stays APPROVED (see captured_at); fully refunded is REFUNDED. */
                        status: "PENDING" | "APPROVED" | "AUTHORIZED" | "REJECTED" | "CANCELLED" | "REFUNDED";
                        /** @description ISO 8583 issuer response code (`00` approved). */
                        response_code: string | null;
                        /** @description Present when approved. */
                        approval_code?: string;
                        /** @description The amount, with exactly the currency's minor digits ("15000.00"). */
                        amount: string;
                        currency: string;
                        order_id: string;
                        description: string | null;
                        /** @description false: deferred capture (AUTHORIZED until POST .../capture). */
                        capture: boolean;
                        /** @description Captured so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_captured: string;
                        /** @description Refunded so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_refunded: string;
                        /** @description Held by the authorization (after any adjustment), with exactly the currency's minor digits ("15000.00"). */
                        amount_authorized?: string;
                        /** @description The fees applied at capture (at most one per type); empty before capture or when no rule matches. */
                        fees: {
                            /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
                            type: "interchange" | "mdr";
                            rule_id: string;
                            /** @description round-half-up(captured × percentage_bps / 10000) + fixed_amount, in the payment's currency ("4.05"). */
                            amount: string;
                            percentage_bps: number;
                            fixed_amount: string;
                        }[];
                        /** @description The sum of `fees`. */
                        fees_total: string;
                        /** @description `amount_captured` − `fees_total`, exact (negative when the fees exceed a small capture). */
                        net_amount: string;
                        instrument: {
                            id: string;
                            card_brand: string;
                            last_four_digits: string;
                        };
                        authorized_at: string | null;
                        /** @description Automatic capture happens CAPTURE_DELAY_SECONDS after approval. */
                        captured_at: string | null;
                        cancelled_at: string | null;
                        /** @description The merchant (`mer-`) the payment was made for, if named. */
                        merchant_id: string | null;
                        /** @description The point of sale (`pos-`), if named. */
                        point_of_sale_id: string | null;
                        /** @description The terminal (`ter-`) of a card-present payment. */
                        terminal_id: string | null;
                        channel: "ecommerce" | "card_present";
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description In the answer to an action: the transaction (`trx-`) the action recorded. */
                        transaction?: {
                            /** @description `trx-` prefix. */
                            id: string;
                            payment_id: string;
                            /** @description The network operation this transaction records; `purchase` is the one transaction of an alternative payment. */
                            type: "authorization" | "capture" | "void" | "reversal" | "adjustment" | "refund" | "purchase";
                            /** @description PENDING while the network has not answered (a PENDING authorization, a refund in flight). */
                            status: "PENDING" | "SUCCEEDED" | "REJECTED";
                            /** @description With exactly the currency's minor digits. An adjustment shows the new authorized amount. */
                            amount: string;
                            currency: string;
                            /** @description The network's ISO 8583 response code (`00` approved). */
                            response_code: string | null;
                            /** @description The network's id of the authorization the operation acted on. */
                            network_reference: string | null;
                            /** @description The refund (`ref-`) of a refund transaction. */
                            refund_id: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "transactions.refund": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A `trx-` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Major units. Default: everything still refundable. A JSON number or a decimal string in major units (`150000.5` or `"150000.50"`), with at most the currency's minor digits.
                     * @example 150000
                     * @example 150000.00
                     */
                    amount?: number | string;
                    /** @description The payment's currency (the default). */
                    currency?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `ref-` prefix. */
                        id: string;
                        payment_id: string;
                        amount: string;
                        currency: string;
                        status: "PENDING" | "SUCCEEDED" | "REJECTED";
                        response_code: string | null;
                        /** @description The refund's transaction (`trx-`) in its payment's history. */
                        transaction_id: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "transactions.cancelOrRefund": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A `trx-` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `pay-` prefix. */
                        id: string;
                        /** @description Spec section 3. A captured payment stays APPROVED (see captured_at); fully refunded is REFUNDED. */
                        status: "PENDING" | "APPROVED" | "AUTHORIZED" | "REJECTED" | "CANCELLED" | "REFUNDED";
                        /** @description ISO 8583 issuer response code (`00` approved). */
                        response_code: string | null;
                        /** @description Present when approved. */
                        approval_code?: string;
                        /** @description The amount, with exactly the currency's minor digits ("15000.00"). */
                        amount: string;
                        currency: string;
                        order_id: string;
                        description: string | null;
                        /** @description false: deferred capture (AUTHORIZED until POST .../capture). */
                        capture: boolean;
                        /** @description Captured so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_captured: string;
                        /** @description Refunded so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_refunded: string;
                        /** @description Held by the authorization (after any adjustment), with exactly the currency's minor digits ("15000.00"). */
                        amount_authorized?: string;
                        /** @description The fees applied at capture (at most one per type); empty before capture or when no rule matches. */
                        fees: {
                            /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
                            type: "interchange" | "mdr";
                            rule_id: string;
                            /** @description round-half-up(captured × percentage_bps / 10000) + fixed_amount, in the payment's currency ("4.05"). */
                            amount: string;
                            percentage_bps: number;
                            fixed_amount: string;
                        }[];
                        /** @description The sum of `fees`. */
                        fees_total: string;
                        /** @description `amount_captured` − `fees_total`, exact (negative when the fees exceed a small capture). */
                        net_amount: string;
                        instrument: {
                            id: string;
                            card_brand: string;
                            last_four_digits: string;
                        };
                        authorized_at: string | null;
                        /** @description Automatic capture happens CAPTURE_DELAY_SECONDS after approval. */
                        captured_at: string | null;
                        cancelled_at: string | null;
                        /** @description The merchant (`mer-`) the payment was made for, if named. */
                        merchant_id: string | null;
                        /** @description The point of sale (`pos-`), if named. */
                        point_of_sale_id: string | null;
                        /** @description The terminal (`ter-`) of a card-present payment. */
                        terminal_id: string | null;
                        channel: "ecommerce" | "card_present";
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description In the answer to an action: the transaction (`trx-`) the action recorded. */
                        transaction?: {
                            /** @description `trx-` prefix. */
                            id: string;
                            payment_id: string;
                            /** @description The network operation this transaction records; `purchase` is the one transaction of an alternative payment. */
                            type: "authorization" | "capture" | "void" | "reversal" | "adjustment" | "refund" | "purchase";
                            /** @description PENDING while the network has not answered (a PENDING authorization, a refund in flight). */
                            status: "PENDING" | "SUCCEEDED" | "REJECTED";
                            /** @description With exactly the currency's minor digits. An adjustment shows the new authorized amount. */
                            amount: string;
                            currency: string;
                            /** @description The network's ISO 8583 response code (`00` approved). */
                            response_code: string | null;
                            /** @description The network's id of the authorization the operation acted on. */
                            network_reference: string | null;
                            /** @description The refund (`ref-`) of a refund transaction. */
                            refund_id: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payments.intents.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Your unique reference: the idempotency key of the intent. */
                    order_id: string;
                    /**
                     * @description COP, greater than 0, at most 2 decimals. A JSON number or a decimal string in major units (`150000.5` or `"150000.50"`), with at most the currency's minor digits.
                     * @example 150000
                     * @example 150000.00
                     */
                    amount: number | string;
                    /** @description Must be COP. */
                    currency: string;
                    /** @description BANK_REDIRECT, WALLET_PUSH, WALLET_OTP or QR_INTEROP. */
                    rail_id: string;
                    /** @description BANK_TRANSFER (bank redirect, QR) or WALLET (both wallets). */
                    rail_type: string;
                    description?: string;
                    /** @description Bank redirect: where the customer returns after the bank. */
                    return_url?: string;
                    customer?: {
                        phone_number?: string;
                        bank_id?: string;
                        document?: string;
                        document_type?: string;
                        first_name?: string;
                        last_name?: string;
                        email?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `pay-` prefix: status queries and the OTP confirm step. */
                        payment_id: string;
                        order_id: string;
                        /** @enum {string} */
                        currency: "COP";
                        description: string | null;
                        transaction: {
                            /** @description `trx-` prefix. */
                            id: string;
                            /** @enum {string} */
                            type: "PURCHASE";
                            /** @description IN_PROGRESS, APPROVED, DECLINED or FAILED (spec section 3). */
                            status: string;
                            /** @description PENDING, PENDING_PROVIDER, SUCCESS or REJECTED. */
                            status_detail: string;
                            amount: number;
                        };
                        rail: {
                            id: string;
                            /** @description Bank redirect: where to send the customer. */
                            payment_link?: string;
                            qr?: {
                                /** @description PNG data URI. */
                                image: string;
                                /** @description EMVCo merchant-presented payload. */
                                content: string;
                            };
                            /** @description QR rail: a short code the customer can type. */
                            alias?: string;
                        };
                        /** Format: date-time */
                        expires_at: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payments.intents.confirm": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                payment_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    otp: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "banks.list": {
        parameters: {
            query: {
                /** @description ISO 3166-1 alpha-3. */
                country: "COL";
                rail_id: "BANK_REDIRECT";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                    }[];
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "sandbox.payments.simulate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                payment_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    outcome: "approve" | "reject" | "fail" | "expire";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `pay-` prefix: status queries and the OTP confirm step. */
                        payment_id: string;
                        order_id: string;
                        /** @enum {string} */
                        currency: "COP";
                        description: string | null;
                        transaction: {
                            /** @description `trx-` prefix. */
                            id: string;
                            /** @enum {string} */
                            type: "PURCHASE";
                            /** @description IN_PROGRESS, APPROVED, DECLINED or FAILED (spec section 3). */
                            status: string;
                            /** @description PENDING, PENDING_PROVIDER, SUCCESS or REJECTED. */
                            status_detail: string;
                            amount: number;
                        };
                        rail: {
                            id: string;
                            /** @description Bank redirect: where to send the customer. */
                            payment_link?: string;
                            qr?: {
                                /** @description PNG data URI. */
                                image: string;
                                /** @description EMVCo merchant-presented payload. */
                                content: string;
                            };
                            /** @description QR rail: a short code the customer can type. */
                            alias?: string;
                        };
                        /** Format: date-time */
                        expires_at: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "sandbox.sms.list": {
        parameters: {
            query: {
                phone_number: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            phone_number: string;
                            otp: string;
                            payment_id: string;
                            sent_at: string;
                        }[];
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "cashouts.list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description An id: the page after it (older). */
                starting_after?: string;
                /** @description An id: the page before it (newer). */
                ending_before?: string;
                created_gte?: string;
                created_lte?: string;
                payment_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Cashout"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "cashouts.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    payment_id: string;
                    /**
                     * @description A JSON number or a decimal string in major units (`150000.5` or `"150000.50"`), with at most the currency's minor digits.
                     * @example 150000
                     * @example 150000.00
                     */
                    amount: number | string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `cas-` prefix. */
                        id: string;
                        payment_id: string;
                        amount: number;
                        currency: string;
                        status: "SUCCEEDED" | "FAILED";
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "cashouts.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `cas-` prefix. */
                        id: string;
                        payment_id: string;
                        amount: number;
                        currency: string;
                        status: "SUCCEEDED" | "FAILED";
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "users.list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description An id: the page after it (older). */
                starting_after?: string;
                /** @description An id: the page before it (newer). */
                ending_before?: string;
                created_gte?: string;
                created_lte?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["User"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "users.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `usr-` prefix. */
                        id: string;
                        name: string;
                        email: string;
                        /** @description The user's active instruments, newest first. */
                        instruments: components["schemas"]["Instrument"][];
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "users.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `usr-` prefix. */
                        id: string;
                        name: string;
                        email: string;
                        /** @description The user's active instruments, newest first. */
                        instruments: components["schemas"]["Instrument"][];
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "users.instruments.create": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    instrument_id: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `usr-` prefix. */
                        id: string;
                        name: string;
                        email: string;
                        /** @description The user's active instruments, newest first. */
                        instruments: components["schemas"]["Instrument"][];
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "users.instruments.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                instrument_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `usr-` prefix. */
                        id: string;
                        name: string;
                        email: string;
                        /** @description The user's active instruments, newest first. */
                        instruments: components["schemas"]["Instrument"][];
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description An id: the page after it (older). */
                starting_after?: string;
                /** @description An id: the page before it (newer). */
                ending_before?: string;
                created_gte?: string;
                created_lte?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Merchant"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    legal_name?: string;
                    /** @description With `tax_id_type` NIT, the DIAN check digit is verified (900123456-8). */
                    tax_id?: string;
                    tax_id_type?: "NIT" | "CC" | "CE" | "PASSPORT" | "TI";
                    /** @description Merchant category code, 4 digits. */
                    mcc?: string;
                    /** @description ISO 3166-1 alpha-3; default COL. */
                    country?: string;
                    /** @description Makes this a sub-merchant of a merchant of the same organization. */
                    parent_id?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `mer-` prefix. */
                        id: string;
                        name: string;
                        legal_name: string | null;
                        tax_id: string | null;
                        tax_id_type: string | null;
                        mcc: string | null;
                        country: string;
                        parent_id: string | null;
                        /** @enum {string} */
                        status: "active";
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `mer-` prefix. */
                        id: string;
                        name: string;
                        legal_name: string | null;
                        tax_id: string | null;
                        tax_id_type: string | null;
                        mcc: string | null;
                        country: string;
                        parent_id: string | null;
                        /** @enum {string} */
                        status: "active";
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    legal_name?: string;
                    /** @description With `tax_id_type` NIT, the DIAN check digit is verified (900123456-8). */
                    tax_id?: string;
                    tax_id_type?: "NIT" | "CC" | "CE" | "PASSPORT" | "TI";
                    /** @description Merchant category code, 4 digits. */
                    mcc?: string;
                    /** @description ISO 3166-1 alpha-3; default COL. */
                    country?: string;
                    /** @description Makes this a sub-merchant of a merchant of the same organization. */
                    parent_id?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `mer-` prefix. */
                        id: string;
                        name: string;
                        legal_name: string | null;
                        tax_id: string | null;
                        tax_id_type: string | null;
                        mcc: string | null;
                        country: string;
                        parent_id: string | null;
                        /** @enum {string} */
                        status: "active";
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.subMerchants.list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description An id: the page after it (older). */
                starting_after?: string;
                /** @description An id: the page before it (newer). */
                ending_before?: string;
                created_gte?: string;
                created_lte?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Merchant"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "pointsOfSale.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    merchant_id: string;
                    name: string;
                    address?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `pos-` prefix. */
                        id: string;
                        merchant_id: string;
                        name: string;
                        address: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "pointsOfSale.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `pos-` prefix. */
                        id: string;
                        merchant_id: string;
                        name: string;
                        address: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "pointsOfSale.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    address?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `pos-` prefix. */
                        id: string;
                        merchant_id: string;
                        name: string;
                        address: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "pointsOfSale.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "pointsOfSale.terminals.list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description An id: the page after it (older). */
                starting_after?: string;
                /** @description An id: the page before it (newer). */
                ending_before?: string;
                created_gte?: string;
                created_lte?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Terminal"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "pointsOfSale.terminals.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    add?: string[];
                    remove?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Terminal"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "terminals.list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description An id: the page after it (older). */
                starting_after?: string;
                /** @description An id: the page before it (newer). */
                ending_before?: string;
                created_gte?: string;
                created_lte?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Terminal"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "terminals.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique within the organization. */
                    serial: string;
                    model?: string;
                    /** @default active */
                    status?: "active" | "inactive";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `ter-` prefix. */
                        id: string;
                        serial: string;
                        model: string | null;
                        status: "active" | "inactive";
                        point_of_sale_id: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "terminals.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `ter-` prefix. */
                        id: string;
                        serial: string;
                        model: string | null;
                        status: "active" | "inactive";
                        point_of_sale_id: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "terminals.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique within the organization. */
                    serial: string;
                    model?: string;
                    /** @default active */
                    status?: "active" | "inactive";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `ter-` prefix. */
                        id: string;
                        serial: string;
                        model: string | null;
                        status: "active" | "inactive";
                        point_of_sale_id: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "terminals.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "terminals.users.list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description An id: the page after it (older). */
                starting_after?: string;
                /** @description An id: the page before it (newer). */
                ending_before?: string;
                created_gte?: string;
                created_lte?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TerminalUser"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "terminals.users.create": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    role: "cashier" | "supervisor";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `tus-` prefix. */
                        id: string;
                        terminal_id: string;
                        name: string;
                        role: "cashier" | "supervisor";
                        /** Format: date-time */
                        created_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "terminals.users.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "links.list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description An id: the page after it (older). */
                starting_after?: string;
                /** @description An id: the page before it (newer). */
                ending_before?: string;
                created_gte?: string;
                created_lte?: string;
                type?: "payment" | "card_enrollment";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Link"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "links.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    type: "payment";
                    /** @description Seconds; default 43200 (12 h), at most 86400 (24 h). */
                    expires_in?: number;
                    data: {
                        amount: {
                            /**
                             * @description Fixed amount in major units (not for `custom`). A JSON number or a decimal string in major units (`150000.5` or `"150000.50"`), with at most the currency's minor digits.
                             * @example 150000
                             * @example 150000.00
                             */
                            value?: number | string;
                            currency: string;
                            /** @description `custom`: the customer chooses within min_amount..max_amount. */
                            type?: "fixed" | "custom";
                            /**
                             * @description `custom`: the lowest amount the customer may pay. Default, and floor: the currency's LINK_MIN_AMOUNT (COP 1000, USD 0.50, ...); below it is 422. A JSON number or a decimal string in major units (`150000.5` or `"150000.50"`), with at most the currency's minor digits.
                             * @example 150000
                             * @example 150000.00
                             */
                            min_amount?: number | string;
                            /**
                             * @description `custom`: the highest amount (required); not below the floor either. A JSON number or a decimal string in major units (`150000.5` or `"150000.50"`), with at most the currency's minor digits.
                             * @example 150000
                             * @example 150000.00
                             */
                            max_amount?: number | string;
                        };
                        description?: string;
                        /** @description Where the customer goes after paying (with payment_id). */
                        redirect_url?: string;
                        /** @description Where "cancel" goes. */
                        cancel_url?: string;
                        multi_use?: boolean;
                        max_uses?: number;
                    };
                    /** @description Reusable link (also accepted inside data). */
                    multi_use?: boolean;
                    /** @description Payments a multi-use link accepts (1 to 10000). */
                    max_uses?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `lnk-` prefix. */
                        id: string;
                        url: string;
                        type: "payment" | "card_enrollment";
                        status: "created" | "opened" | "used" | "expired";
                        /** Format: date-time */
                        expires_at: string;
                        /** @description Present once paid (the latest payment). */
                        payment_id?: string;
                        multi_use: boolean;
                        max_uses: number;
                        uses: number;
                        /** @description Payments made through the link. */
                        payments: {
                            payment_id: string;
                            status: string;
                        }[];
                        data: {
                            [key: string]: unknown;
                        };
                        /** @description Enrollment links: the card saved. */
                        instrument_id?: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "links.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `lnk-` prefix. */
                        id: string;
                        url: string;
                        type: "payment" | "card_enrollment";
                        status: "created" | "opened" | "used" | "expired";
                        /** Format: date-time */
                        expires_at: string;
                        /** @description Present once paid (the latest payment). */
                        payment_id?: string;
                        multi_use: boolean;
                        max_uses: number;
                        uses: number;
                        /** @description Payments made through the link. */
                        payments: {
                            payment_id: string;
                            status: string;
                        }[];
                        data: {
                            [key: string]: unknown;
                        };
                        /** @description Enrollment links: the card saved. */
                        instrument_id?: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "instruments.enrollments.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    type: "card_enrollment";
                    /** @description Seconds, 60 to 2592000 (30 days). */
                    expires_in: number;
                    data: {
                        /** @description Receives POST {"instrument_id"} with header Api-Key. */
                        webhook: string;
                        /** @description Sent as the Api-Key header; stored encrypted. */
                        api_key: string;
                        /** @description The origins (`https://shop.example.com`, scheme, host and port only; `https` in production) of the pages allowed to embed the form in an iframe: its `Content-Security-Policy: frame-ancestors`, and the only origins its `postMessage` of the result goes to. Without it the form cannot be framed (`frame-ancestors 'none'`) and posts no message: open it as a page; the webhook gets the `instrument_id` either way. */
                        allowed_origins?: string[];
                    };
                    metadata?: {
                        styleConfig?: {
                            text?: {
                                headerTitle?: string;
                                buttonText?: string;
                            };
                            colors?: {
                                /** @description Hex colour. */
                                primary?: string;
                            };
                            layout?: {
                                hideHeader?: boolean;
                                compact?: boolean;
                                borderRadius?: number;
                            };
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        url: string;
                        /** @enum {string} */
                        type: "card_enrollment";
                        status: string;
                        expires_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "refunds.list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description An id: the page after it (older). */
                starting_after?: string;
                /** @description An id: the page before it (newer). */
                ending_before?: string;
                created_gte?: string;
                created_lte?: string;
                payment_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Refund"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "refunds.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    payment_id: string;
                    /**
                     * @description Major units; less than the captured amount for a partial refund. A JSON number or a decimal string in major units (`150000.5` or `"150000.50"`), with at most the currency's minor digits.
                     * @example 150000
                     * @example 150000.00
                     */
                    amount: number | string;
                    /** @description The payment's currency. */
                    currency: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `ref-` prefix. */
                        id: string;
                        payment_id: string;
                        amount: string;
                        currency: string;
                        status: "PENDING" | "SUCCEEDED" | "REJECTED";
                        response_code: string | null;
                        /** @description The refund's transaction (`trx-`) in its payment's history. */
                        transaction_id: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "refunds.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `ref-` prefix. */
                        id: string;
                        payment_id: string;
                        amount: string;
                        currency: string;
                        status: "PENDING" | "SUCCEEDED" | "REJECTED";
                        response_code: string | null;
                        /** @description The refund's transaction (`trx-`) in its payment's history. */
                        transaction_id: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chargebacks.list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description An id: the page after it (older). */
                starting_after?: string;
                /** @description An id: the page before it (newer). */
                ending_before?: string;
                created_gte?: string;
                created_lte?: string;
                status?: "OPEN" | "ACCEPTED" | "DISPUTED" | "WON" | "LOST";
                payment_id?: string;
                reason_code?: string;
                /** @description ISO 4217; required with `amount_gte` or `amount_lte`. */
                currency?: string;
                /** @description Major units of `currency` (needs `currency`). */
                amount_gte?: number;
                /** @description Major units of `currency` (needs `currency`). */
                amount_lte?: number;
                /** @description true: marked reviewed; false: not yet. */
                reviewed?: boolean;
                /** @description Due by this time (with `status=OPEN`: the ones to answer first). */
                respond_by_lte?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Chargeback"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chargebacks.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `chb-` prefix. */
                        id: string;
                        payment_id: string;
                        /** @description OPEN when the issuer raises it; ACCEPTED (the merchant gave up), DISPUTED (evidence sent, the network decides), WON, LOST (also when nobody answered by respond_by). */
                        status: "OPEN" | "ACCEPTED" | "DISPUTED" | "WON" | "LOST";
                        /** @description Disputed amount, with the currency's minor digits, like card payments ("75.50"). */
                        amount: string;
                        currency: string;
                        /** @description The network's reason code (Visa 10.4: card-absent fraud). */
                        reason_code: string;
                        reason: string;
                        /**
                         * Format: date-time
                         * @description Accept or dispute before this time; after it an OPEN chargeback is LOST.
                         */
                        respond_by: string;
                        reviewed_at: string | null;
                        reviewed_by: string | null;
                        /** @description What the dispute submitted; null before a dispute. */
                        evidence: {
                            text: string;
                            attachment_ids: string[];
                            /** Format: date-time */
                            submitted_at: string;
                        } | null;
                        decision_due_at: string | null;
                        resolved_at: string | null;
                        resolution: string | null;
                        /** @description Evidence files, oldest first (at most 10). */
                        attachments: components["schemas"]["ChargebackAttachment"][];
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chargebacks.accept": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `chb-` prefix. */
                        id: string;
                        payment_id: string;
                        /** @description OPEN when the issuer raises it; ACCEPTED (the merchant gave up), DISPUTED (evidence sent, the network decides), WON, LOST (also when nobody answered by respond_by). */
                        status: "OPEN" | "ACCEPTED" | "DISPUTED" | "WON" | "LOST";
                        /** @description Disputed amount, with the currency's minor digits, like card payments ("75.50"). */
                        amount: string;
                        currency: string;
                        /** @description The network's reason code (Visa 10.4: card-absent fraud). */
                        reason_code: string;
                        reason: string;
                        /**
                         * Format: date-time
                         * @description Accept or dispute before this time; after it an OPEN chargeback is LOST.
                         */
                        respond_by: string;
                        reviewed_at: string | null;
                        reviewed_by: string | null;
                        /** @description What the dispute submitted; null before a dispute. */
                        evidence: {
                            text: string;
                            attachment_ids: string[];
                            /** Format: date-time */
                            submitted_at: string;
                        } | null;
                        decision_due_at: string | null;
                        resolved_at: string | null;
                        resolution: string | null;
                        /** @description Evidence files, oldest first (at most 10). */
                        attachments: components["schemas"]["ChargebackAttachment"][];
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chargebacks.review": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `chb-` prefix. */
                        id: string;
                        payment_id: string;
                        /** @description OPEN when the issuer raises it; ACCEPTED (the merchant gave up), DISPUTED (evidence sent, the network decides), WON, LOST (also when nobody answered by respond_by). */
                        status: "OPEN" | "ACCEPTED" | "DISPUTED" | "WON" | "LOST";
                        /** @description Disputed amount, with the currency's minor digits, like card payments ("75.50"). */
                        amount: string;
                        currency: string;
                        /** @description The network's reason code (Visa 10.4: card-absent fraud). */
                        reason_code: string;
                        reason: string;
                        /**
                         * Format: date-time
                         * @description Accept or dispute before this time; after it an OPEN chargeback is LOST.
                         */
                        respond_by: string;
                        reviewed_at: string | null;
                        reviewed_by: string | null;
                        /** @description What the dispute submitted; null before a dispute. */
                        evidence: {
                            text: string;
                            attachment_ids: string[];
                            /** Format: date-time */
                            submitted_at: string;
                        } | null;
                        decision_due_at: string | null;
                        resolved_at: string | null;
                        resolution: string | null;
                        /** @description Evidence files, oldest first (at most 10). */
                        attachments: components["schemas"]["ChargebackAttachment"][];
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chargebacks.dispute": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The merchant's statement (sandbox: `winning_evidence` wins, `losing_evidence` loses). */
                    evidence: string;
                    /** @description Attachments of this chargeback to submit; omitted, every attachment is submitted. */
                    attachment_ids?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `chb-` prefix. */
                        id: string;
                        payment_id: string;
                        /** @description OPEN when the issuer raises it; ACCEPTED (the merchant gave up), DISPUTED (evidence sent, the network decides), WON, LOST (also when nobody answered by respond_by). */
                        status: "OPEN" | "ACCEPTED" | "DISPUTED" | "WON" | "LOST";
                        /** @description Disputed amount, with the currency's minor digits, like card payments ("75.50"). */
                        amount: string;
                        currency: string;
                        /** @description The network's reason code (Visa 10.4: card-absent fraud). */
                        reason_code: string;
                        reason: string;
                        /**
                         * Format: date-time
                         * @description Accept or dispute before this time; after it an OPEN chargeback is LOST.
                         */
                        respond_by: string;
                        reviewed_at: string | null;
                        reviewed_by: string | null;
                        /** @description What the dispute submitted; null before a dispute. */
                        evidence: {
                            text: string;
                            attachment_ids: string[];
                            /** Format: date-time */
                            submitted_at: string;
                        } | null;
                        decision_due_at: string | null;
                        resolved_at: string | null;
                        resolution: string | null;
                        /** @description Evidence files, oldest first (at most 10). */
                        attachments: components["schemas"]["ChargebackAttachment"][];
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chargebacks.analysis.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        chargeback_id: string;
                        status: "OPEN" | "ACCEPTED" | "DISPUTED" | "WON" | "LOST";
                        reason: {
                            code: string;
                            description: string;
                            /** @description `visa`, `mastercard` or `unknown`, from the code's form. */
                            network: string;
                            category: "fraud" | "authorization" | "processing_error" | "consumer_dispute" | "unknown";
                        };
                        /** @description With the currency's minor digits ("75.50"). */
                        amount: string;
                        currency: string;
                        payment: {
                            id: string;
                            /** @description With the currency's minor digits ("75.50"). */
                            amount: string;
                            /** @description With the currency's minor digits ("75.50"). */
                            amount_captured: string;
                            /** @description With the currency's minor digits ("75.50"). */
                            amount_refunded: string;
                            captured_at: string | null;
                            /** @description Disputed amount over captured amount, 0 to 1. */
                            disputed_share: number;
                        };
                        deadlines: {
                            /** Format: date-time */
                            opened_at: string;
                            /** Format: date-time */
                            respond_by: string;
                            /** @description Until respond_by while OPEN; 0 otherwise or once passed. */
                            seconds_to_respond: number;
                            /** @description OPEN past respond_by (becomes LOST at once). */
                            overdue: boolean;
                            decision_due_at: string | null;
                            resolved_at: string | null;
                        };
                        evidence: {
                            submitted: boolean;
                            submitted_at: string | null;
                            text_present: boolean;
                            attachments: number;
                            attachment_bytes: number;
                            attachment_types: string[];
                            /** @description Documents that usually answer this reason category. */
                            suggested: string[];
                        };
                        reviewed: boolean;
                        comments: number;
                        /** @description What the merchant can still do. */
                        next_step: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chargebacks.comments.list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description An id: the page after it (older). */
                starting_after?: string;
                /** @description An id: the page before it (newer). */
                ending_before?: string;
                created_gte?: string;
                created_lte?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ChargebackComment"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chargebacks.comments.create": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `cbc-` prefix. */
                        id: string;
                        chargeback_id: string;
                        text: string;
                        /** @description The API client that wrote it. */
                        author: string;
                        /** Format: date-time */
                        created_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chargebacks.attachments.list": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ChargebackAttachment"][];
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chargebacks.attachments.create": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    filename: string;
                    /** @description One of application/pdf, image/png, image/jpeg, text/plain; the bytes must be of that type. */
                    content_type: string;
                    /** @description The file, base64 (at most 5 MiB decoded). */
                    content_base64: string;
                };
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The file part: its filename, and a Content-Type of application/pdf, image/png, image/jpeg, text/plain (application/octet-stream: typed by its bytes). At most 5 MiB.
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `att-` prefix. */
                        id: string;
                        chargeback_id: string;
                        filename: string;
                        content_type: string;
                        /** @description Bytes. */
                        size: number;
                        /** @description Hex SHA-256 of the bytes. */
                        sha256: string;
                        /** @description The API client that uploaded it. */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chargebacks.attachments.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                att_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file's bytes, with its type and `Content-Disposition: attachment`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "image/png": string;
                    "image/jpeg": string;
                    "text/plain": string;
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chargebacks.attachments.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                att_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "feeRules.list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description An id: the page after it (older). */
                starting_after?: string;
                /** @description An id: the page before it (newer). */
                ending_before?: string;
                created_gte?: string;
                created_lte?: string;
                /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
                type?: "interchange" | "mdr";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["FeeRule"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "feeRules.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
                    type: "interchange" | "mdr";
                    name?: string;
                    /** @description The percentage in basis points: 1 bps = 0.01 %, so 2.5 % is 250. */
                    percentage_bps: number;
                    /**
                     * @description A fixed amount added to each fee, in major units of `currency` with at most its minor digits (0.30). Default 0. Requires `currency` when not 0. A JSON number or a decimal string in major units (`150000.5` or `"150000.50"`), with at most the currency's minor digits.
                     * @example 150000
                     * @example 150000.00
                     */
                    fixed_amount?: number | string;
                    /** @description ISO 4217. The rule applies only to payments in this currency; omitted: any currency (then `fixed_amount` must be 0). */
                    currency?: string;
                    /** @description Only cards of this brand; omitted: any. */
                    brand?: "visa" | "mastercard" | "amex" | "diners" | "discover" | "jcb";
                    /** @description Only cards of this type (from the BIN table); omitted: any. */
                    card_type?: "credit" | "debit" | "prepaid";
                    /** @description Only payments made for this merchant (`merchant_id` of the payment); omitted: any. */
                    merchant_id?: string;
                    /**
                     * @description Lower wins: of the active rules of a type that match a payment, the lowest priority applies; ties go to the more specific rule (more criteria set), then the older one. Default 100.
                     * @default 100
                     */
                    priority?: number;
                    /** @default true */
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `fee-` prefix. */
                        id: string;
                        /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
                        type: "interchange" | "mdr";
                        name: string | null;
                        percentage_bps: number;
                        /** @description Major units with the currency's minor digits ("0.30"); "0" style for rules without currency. */
                        fixed_amount: string;
                        currency: string | null;
                        brand: string | null;
                        card_type: string | null;
                        merchant_id: string | null;
                        priority: number;
                        active: boolean;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "feeRules.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `fee-` prefix. */
                        id: string;
                        /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
                        type: "interchange" | "mdr";
                        name: string | null;
                        percentage_bps: number;
                        /** @description Major units with the currency's minor digits ("0.30"); "0" style for rules without currency. */
                        fixed_amount: string;
                        currency: string | null;
                        brand: string | null;
                        card_type: string | null;
                        merchant_id: string | null;
                        priority: number;
                        active: boolean;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "feeRules.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
                    type: "interchange" | "mdr";
                    name?: string;
                    /** @description The percentage in basis points: 1 bps = 0.01 %, so 2.5 % is 250. */
                    percentage_bps: number;
                    /**
                     * @description A fixed amount added to each fee, in major units of `currency` with at most its minor digits (0.30). Default 0. Requires `currency` when not 0. A JSON number or a decimal string in major units (`150000.5` or `"150000.50"`), with at most the currency's minor digits.
                     * @example 150000
                     * @example 150000.00
                     */
                    fixed_amount?: number | string;
                    /** @description ISO 4217. The rule applies only to payments in this currency; omitted: any currency (then `fixed_amount` must be 0). */
                    currency?: string;
                    /** @description Only cards of this brand; omitted: any. */
                    brand?: "visa" | "mastercard" | "amex" | "diners" | "discover" | "jcb";
                    /** @description Only cards of this type (from the BIN table); omitted: any. */
                    card_type?: "credit" | "debit" | "prepaid";
                    /** @description Only payments made for this merchant (`merchant_id` of the payment); omitted: any. */
                    merchant_id?: string;
                    /**
                     * @description Lower wins: of the active rules of a type that match a payment, the lowest priority applies; ties go to the more specific rule (more criteria set), then the older one. Default 100.
                     * @default 100
                     */
                    priority?: number;
                    /** @default true */
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `fee-` prefix. */
                        id: string;
                        /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
                        type: "interchange" | "mdr";
                        name: string | null;
                        percentage_bps: number;
                        /** @description Major units with the currency's minor digits ("0.30"); "0" style for rules without currency. */
                        fixed_amount: string;
                        currency: string | null;
                        brand: string | null;
                        card_type: string | null;
                        merchant_id: string | null;
                        priority: number;
                        active: boolean;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "feeRules.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "fraud.rules.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description false: the organization has not set rules, these are the defaults. */
                        configured: boolean;
                        instrument_velocity: {
                            /** @description Hit when this payment would be payment number max_payments + 1 in the window. */
                            max_payments: number;
                            /** @description The window, in seconds (up to 7 days). */
                            window_seconds: number;
                            /** @description `review`: the payment goes on to the network and the evaluation says review. `decline`: the payment is REJECTED (response_code 59) without reaching the network. */
                            action: "review" | "decline";
                        } | null;
                        client_velocity: {
                            /** @description Hit when this payment would be payment number max_payments + 1 in the window. */
                            max_payments: number;
                            /** @description The window, in seconds (up to 7 days). */
                            window_seconds: number;
                            /** @description `review`: the payment goes on to the network and the evaluation says review. `decline`: the payment is REJECTED (response_code 59) without reaching the network. */
                            action: "review" | "decline";
                        } | null;
                        client_new_cards: {
                            /** @description Hit when this payment's card would be new card number max_cards + 1 in the window. */
                            max_cards: number;
                            /** @description The window, in seconds (up to 7 days). */
                            window_seconds: number;
                            /** @description `review`: the payment goes on to the network and the evaluation says review. `decline`: the payment is REJECTED (response_code 59) without reaching the network. */
                            action: "review" | "decline";
                        } | null;
                        card_declines: {
                            /** @description Hit when the network has already declined this card (the same card number, by fingerprint) max_declines times in the window. */
                            max_declines: number;
                            /** @description The window, in seconds (up to 7 days). */
                            window_seconds: number;
                            /** @description `review`: the payment goes on to the network and the evaluation says review. `decline`: the payment is REJECTED (response_code 59) without reaching the network. */
                            action: "review" | "decline";
                        } | null;
                        amount_thresholds: {
                            currency: string;
                            review_above: string | null;
                            decline_above: string | null;
                        }[];
                        updated_at: string | null;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "fraud.rules.update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Payments with the same card (instrument). Omitted: the default; null: off. */
                    instrument_velocity?: {
                        /** @description Hit when this payment would be payment number max_payments + 1 in the window. */
                        max_payments: number;
                        /** @description The window, in seconds (up to 7 days). */
                        window_seconds: number;
                        /** @description `review`: the payment goes on to the network and the evaluation says review. `decline`: the payment is REJECTED (response_code 59) without reaching the network. */
                        action: "review" | "decline";
                    } | null;
                    /** @description Payments by the same API client. Omitted: the default; null: off. */
                    client_velocity?: {
                        /** @description Hit when this payment would be payment number max_payments + 1 in the window. */
                        max_payments: number;
                        /** @description The window, in seconds (up to 7 days). */
                        window_seconds: number;
                        /** @description `review`: the payment goes on to the network and the evaluation says review. `decline`: the payment is REJECTED (response_code 59) without reaching the network. */
                        action: "review" | "decline";
                    } | null;
                    /** @description Cards new to the organization (not used in it within the window) paid with by the same API client. Omitted: the default; null: off. */
                    client_new_cards?: {
                        /** @description Hit when this payment's card would be new card number max_cards + 1 in the window. */
                        max_cards: number;
                        /** @description The window, in seconds (up to 7 days). */
                        window_seconds: number;
                        /** @description `review`: the payment goes on to the network and the evaluation says review. `decline`: the payment is REJECTED (response_code 59) without reaching the network. */
                        action: "review" | "decline";
                    } | null;
                    /** @description Declines of the same card by the network (card testing). Default: 5 declines in 3600 s, `decline`. Omitted: the default; null: off. */
                    card_declines?: {
                        /** @description Hit when the network has already declined this card (the same card number, by fingerprint) max_declines times in the window. */
                        max_declines: number;
                        /** @description The window, in seconds (up to 7 days). */
                        window_seconds: number;
                        /** @description `review`: the payment goes on to the network and the evaluation says review. `decline`: the payment is REJECTED (response_code 59) without reaching the network. */
                        action: "review" | "decline";
                    } | null;
                    /** @description Per currency. Omitted: none. */
                    amount_thresholds?: {
                        /** @description ISO 4217; one entry per currency. */
                        currency: string;
                        /** @description Major units: a larger amount is reviewed. A JSON number or a decimal string (`"100000.00"`), or null. */
                        review_above?: number | string | null;
                        /** @description Major units: a larger amount is declined. A JSON number or a decimal string (`"100000.00"`), or null. */
                        decline_above?: number | string | null;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description false: the organization has not set rules, these are the defaults. */
                        configured: boolean;
                        instrument_velocity: {
                            /** @description Hit when this payment would be payment number max_payments + 1 in the window. */
                            max_payments: number;
                            /** @description The window, in seconds (up to 7 days). */
                            window_seconds: number;
                            /** @description `review`: the payment goes on to the network and the evaluation says review. `decline`: the payment is REJECTED (response_code 59) without reaching the network. */
                            action: "review" | "decline";
                        } | null;
                        client_velocity: {
                            /** @description Hit when this payment would be payment number max_payments + 1 in the window. */
                            max_payments: number;
                            /** @description The window, in seconds (up to 7 days). */
                            window_seconds: number;
                            /** @description `review`: the payment goes on to the network and the evaluation says review. `decline`: the payment is REJECTED (response_code 59) without reaching the network. */
                            action: "review" | "decline";
                        } | null;
                        client_new_cards: {
                            /** @description Hit when this payment's card would be new card number max_cards + 1 in the window. */
                            max_cards: number;
                            /** @description The window, in seconds (up to 7 days). */
                            window_seconds: number;
                            /** @description `review`: the payment goes on to the network and the evaluation says review. `decline`: the payment is REJECTED (response_code 59) without reaching the network. */
                            action: "review" | "decline";
                        } | null;
                        card_declines: {
                            /** @description Hit when the network has already declined this card (the same card number, by fingerprint) max_declines times in the window. */
                            max_declines: number;
                            /** @description The window, in seconds (up to 7 days). */
                            window_seconds: number;
                            /** @description `review`: the payment goes on to the network and the evaluation says review. `decline`: the payment is REJECTED (response_code 59) without reaching the network. */
                            action: "review" | "decline";
                        } | null;
                        amount_thresholds: {
                            currency: string;
                            review_above: string | null;
                            decline_above: string | null;
                        }[];
                        updated_at: string | null;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "payments.fraudEvaluation.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payment_id: string;
                        /** @description 0 to 100: 50 per review rule hit, 100 per decline rule hit, capped at 100. */
                        score: number;
                        decision: "approve" | "review" | "decline";
                        rules_hit: {
                            rule: "instrument_velocity" | "client_velocity" | "client_new_cards" | "card_declines" | "amount_threshold";
                            /** @description `review`: the payment goes on to the network and the evaluation says review. `decline`: the payment is REJECTED (response_code 59) without reaching the network. */
                            action: "review" | "decline";
                            message: string;
                            /** @description Velocity rules: the count, this payment included (counted up to limit + 1). card_declines: the earlier declines of the card (up to limit + 1). */
                            observed?: number;
                            limit?: number;
                            window_seconds?: number;
                            amount?: string;
                            threshold?: string;
                            currency?: string;
                        }[];
                        /** Format: date-time */
                        evaluated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "threeDs.version": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The first 6 or 8 digits of the card. */
                    bin?: string;
                    /** @description An instrument of the organization. */
                    instrument_id?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `2.2.0`, `2.1.0`, `1.0.2`, or null when the card has no 3-D Secure. */
                        three_ds_version: string | null;
                        /** @description true when the card supports some 3-D Secure version. */
                        supported: boolean;
                        /** @description The BIN table entry that answered (6 or 8 digits), or the first 6 digits when none did. */
                        bin: string;
                        card_brand: string;
                        card_type: string;
                        issuer: string | null;
                        country: string | null;
                        instrument_id?: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "cardPresent.payments.list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description An id: the page after it (older). */
                starting_after?: string;
                /** @description An id: the page before it (newer). */
                ending_before?: string;
                created_gte?: string;
                created_lte?: string;
                /** @description Spec section 3. A captured payment stays APPROVED (see captured_at); fully refunded is REFUNDED. */
                status?: "PENDING" | "APPROVED" | "AUTHORIZED" | "REJECTED" | "CANCELLED" | "REFUNDED";
                point_of_sale_id?: string;
                terminal_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CardPresentPayment"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "cardPresent.payments.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description In major units of the currency, at most its minor digits. A JSON number or a decimal string in major units (`150000.5` or `"150000.50"`), with at most the currency's minor digits.
                     * @example 150000
                     * @example 150000.00
                     */
                    amount: number | string;
                    /** @description ISO 4217. */
                    currency: string;
                    /** @description Your unique reference: the charge's idempotency key. */
                    order_id: string;
                    /** @description A point of sale of your organization (`pos-`). */
                    point_of_sale_id: string;
                    /** @description An active terminal (`ter-`) attached to that point of sale. */
                    terminal_id: string;
                    /** @description How the terminal read the card. */
                    entry_mode: "chip" | "contactless" | "swipe";
                    /** @description Each field encrypted separately with the organization's active public key (RSA-OAEP, SHA-256, base64), as for POST /v1/instruments. */
                    card: {
                        encrypted_number: string;
                        encrypted_expiration_month: string;
                        encrypted_expiration_year: string;
                        encrypted_holder_name: string;
                        /** @description Chip, contactless and swipe reads have none. */
                        encrypted_cvv?: string;
                    };
                    description?: string;
                    /**
                     * @description false authorizes only.
                     * @default true
                     */
                    capture?: boolean;
                };
            };
        };
        responses: {
            /** @description A card payment with `channel` card_present, made at a terminal of a point of sale. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `pay-` prefix. */
                        id: string;
                        /** @description Spec section 3. A captured payment stays APPROVED (see captured_at); fully refunded is REFUNDED. */
                        status: "PENDING" | "APPROVED" | "AUTHORIZED" | "REJECTED" | "CANCELLED" | "REFUNDED";
                        /** @description ISO 8583 issuer response code (`00` approved). */
                        response_code: string | null;
                        /** @description Present when approved. */
                        approval_code?: string;
                        /** @description The amount, with exactly the currency's minor digits ("15000.00"). */
                        amount: string;
                        currency: string;
                        order_id: string;
                        description: string | null;
                        /** @description false: deferred capture (AUTHORIZED until POST .../capture). */
                        capture: boolean;
                        /** @description Captured so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_captured: string;
                        /** @description Refunded so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_refunded: string;
                        /** @description Held by the authorization (after any adjustment), with exactly the currency's minor digits ("15000.00"). */
                        amount_authorized?: string;
                        /** @description The fees applied at capture (at most one per type); empty before capture or when no rule matches. */
                        fees: {
                            /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
                            type: "interchange" | "mdr";
                            rule_id: string;
                            /** @description round-half-up(captured × percentage_bps / 10000) + fixed_amount, in the payment's currency ("4.05"). */
                            amount: string;
                            percentage_bps: number;
                            fixed_amount: string;
                        }[];
                        /** @description The sum of `fees`. */
                        fees_total: string;
                        /** @description `amount_captured` − `fees_total`, exact (negative when the fees exceed a small capture). */
                        net_amount: string;
                        instrument: {
                            id: string;
                            card_brand: string;
                            last_four_digits: string;
                        };
                        authorized_at: string | null;
                        /** @description Automatic capture happens CAPTURE_DELAY_SECONDS after approval. */
                        captured_at: string | null;
                        cancelled_at: string | null;
                        /** @description The merchant (`mer-`) the payment was made for, if named. */
                        merchant_id: string | null;
                        /** @description The point of sale (`pos-`), if named. */
                        point_of_sale_id: string | null;
                        /** @description The terminal (`ter-`) of a card-present payment. */
                        terminal_id: string | null;
                        channel: "ecommerce" | "card_present";
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description In the answer to an action: the transaction (`trx-`) the action recorded. */
                        transaction?: {
                            /** @description `trx-` prefix. */
                            id: string;
                            payment_id: string;
                            /** @description The network operation this transaction records; `purchase` is the one transaction of an alternative payment. */
                            type: "authorization" | "capture" | "void" | "reversal" | "adjustment" | "refund" | "purchase";
                            /** @description PENDING while the network has not answered (a PENDING authorization, a refund in flight). */
                            status: "PENDING" | "SUCCEEDED" | "REJECTED";
                            /** @description With exactly the currency's minor digits. An adjustment shows the new authorized amount. */
                            amount: string;
                            currency: string;
                            /** @description The network's ISO 8583 response code (`00` approved). */
                            response_code: string | null;
                            /** @description The network's id of the authorization the operation acted on. */
                            network_reference: string | null;
                            /** @description The refund (`ref-`) of a refund transaction. */
                            refund_id: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                        entry_mode: ("chip" | "contactless" | "swipe") | null;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "cardPresent.payments.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A card payment with `channel` card_present, made at a terminal of a point of sale. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `pay-` prefix. */
                        id: string;
                        /** @description Spec section 3. A captured payment stays APPROVED (see captured_at); fully refunded is REFUNDED. */
                        status: "PENDING" | "APPROVED" | "AUTHORIZED" | "REJECTED" | "CANCELLED" | "REFUNDED";
                        /** @description ISO 8583 issuer response code (`00` approved). */
                        response_code: string | null;
                        /** @description Present when approved. */
                        approval_code?: string;
                        /** @description The amount, with exactly the currency's minor digits ("15000.00"). */
                        amount: string;
                        currency: string;
                        order_id: string;
                        description: string | null;
                        /** @description false: deferred capture (AUTHORIZED until POST .../capture). */
                        capture: boolean;
                        /** @description Captured so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_captured: string;
                        /** @description Refunded so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_refunded: string;
                        /** @description Held by the authorization (after any adjustment), with exactly the currency's minor digits ("15000.00"). */
                        amount_authorized?: string;
                        /** @description The fees applied at capture (at most one per type); empty before capture or when no rule matches. */
                        fees: {
                            /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
                            type: "interchange" | "mdr";
                            rule_id: string;
                            /** @description round-half-up(captured × percentage_bps / 10000) + fixed_amount, in the payment's currency ("4.05"). */
                            amount: string;
                            percentage_bps: number;
                            fixed_amount: string;
                        }[];
                        /** @description The sum of `fees`. */
                        fees_total: string;
                        /** @description `amount_captured` − `fees_total`, exact (negative when the fees exceed a small capture). */
                        net_amount: string;
                        instrument: {
                            id: string;
                            card_brand: string;
                            last_four_digits: string;
                        };
                        authorized_at: string | null;
                        /** @description Automatic capture happens CAPTURE_DELAY_SECONDS after approval. */
                        captured_at: string | null;
                        cancelled_at: string | null;
                        /** @description The merchant (`mer-`) the payment was made for, if named. */
                        merchant_id: string | null;
                        /** @description The point of sale (`pos-`), if named. */
                        point_of_sale_id: string | null;
                        /** @description The terminal (`ter-`) of a card-present payment. */
                        terminal_id: string | null;
                        channel: "ecommerce" | "card_present";
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description In the answer to an action: the transaction (`trx-`) the action recorded. */
                        transaction?: {
                            /** @description `trx-` prefix. */
                            id: string;
                            payment_id: string;
                            /** @description The network operation this transaction records; `purchase` is the one transaction of an alternative payment. */
                            type: "authorization" | "capture" | "void" | "reversal" | "adjustment" | "refund" | "purchase";
                            /** @description PENDING while the network has not answered (a PENDING authorization, a refund in flight). */
                            status: "PENDING" | "SUCCEEDED" | "REJECTED";
                            /** @description With exactly the currency's minor digits. An adjustment shows the new authorized amount. */
                            amount: string;
                            currency: string;
                            /** @description The network's ISO 8583 response code (`00` approved). */
                            response_code: string | null;
                            /** @description The network's id of the authorization the operation acted on. */
                            network_reference: string | null;
                            /** @description The refund (`ref-`) of a refund transaction. */
                            refund_id: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                        entry_mode: ("chip" | "contactless" | "swipe") | null;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "cardPresent.payments.authorize": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A card payment with `channel` card_present, made at a terminal of a point of sale. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `pay-` prefix. */
                        id: string;
                        /** @description Spec section 3. A captured payment stays APPROVED (see captured_at); fully refunded is REFUNDED. */
                        status: "PENDING" | "APPROVED" | "AUTHORIZED" | "REJECTED" | "CANCELLED" | "REFUNDED";
                        /** @description ISO 8583 issuer response code (`00` approved). */
                        response_code: string | null;
                        /** @description Present when approved. */
                        approval_code?: string;
                        /** @description The amount, with exactly the currency's minor digits ("15000.00"). */
                        amount: string;
                        currency: string;
                        order_id: string;
                        description: string | null;
                        /** @description false: deferred capture (AUTHORIZED until POST .../capture). */
                        capture: boolean;
                        /** @description Captured so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_captured: string;
                        /** @description Refunded so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_refunded: string;
                        /** @description Held by the authorization (after any adjustment), with exactly the currency's minor digits ("15000.00"). */
                        amount_authorized?: string;
                        /** @description The fees applied at capture (at most one per type); empty before capture or when no rule matches. */
                        fees: {
                            /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
                            type: "interchange" | "mdr";
                            rule_id: string;
                            /** @description round-half-up(captured × percentage_bps / 10000) + fixed_amount, in the payment's currency ("4.05"). */
                            amount: string;
                            percentage_bps: number;
                            fixed_amount: string;
                        }[];
                        /** @description The sum of `fees`. */
                        fees_total: string;
                        /** @description `amount_captured` − `fees_total`, exact (negative when the fees exceed a small capture). */
                        net_amount: string;
                        instrument: {
                            id: string;
                            card_brand: string;
                            last_four_digits: string;
                        };
                        authorized_at: string | null;
                        /** @description Automatic capture happens CAPTURE_DELAY_SECONDS after approval. */
                        captured_at: string | null;
                        cancelled_at: string | null;
                        /** @description The merchant (`mer-`) the payment was made for, if named. */
                        merchant_id: string | null;
                        /** @description The point of sale (`pos-`), if named. */
                        point_of_sale_id: string | null;
                        /** @description The terminal (`ter-`) of a card-present payment. */
                        terminal_id: string | null;
                        channel: "ecommerce" | "card_present";
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description In the answer to an action: the transaction (`trx-`) the action recorded. */
                        transaction?: {
                            /** @description `trx-` prefix. */
                            id: string;
                            payment_id: string;
                            /** @description The network operation this transaction records; `purchase` is the one transaction of an alternative payment. */
                            type: "authorization" | "capture" | "void" | "reversal" | "adjustment" | "refund" | "purchase";
                            /** @description PENDING while the network has not answered (a PENDING authorization, a refund in flight). */
                            status: "PENDING" | "SUCCEEDED" | "REJECTED";
                            /** @description With exactly the currency's minor digits. An adjustment shows the new authorized amount. */
                            amount: string;
                            currency: string;
                            /** @description The network's ISO 8583 response code (`00` approved). */
                            response_code: string | null;
                            /** @description The network's id of the authorization the operation acted on. */
                            network_reference: string | null;
                            /** @description The refund (`ref-`) of a refund transaction. */
                            refund_id: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                        entry_mode: ("chip" | "contactless" | "swipe") | null;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "cardPresent.payments.capture": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Capture less than authorized (the rest is released). Default: all of it. A JSON number or a decimal string in major units (`150000.5` or `"150000.50"`), with at most the currency's minor digits.
                     * @example 150000
                     * @example 150000.00
                     */
                    amount?: number | string;
                };
            };
        };
        responses: {
            /** @description A card payment with `channel` card_present, made at a terminal of a point of sale. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `pay-` prefix. */
                        id: string;
                        /** @description Spec section 3. A captured payment stays APPROVED (see captured_at); fully refunded is REFUNDED. */
                        status: "PENDING" | "APPROVED" | "AUTHORIZED" | "REJECTED" | "CANCELLED" | "REFUNDED";
                        /** @description ISO 8583 issuer response code (`00` approved). */
                        response_code: string | null;
                        /** @description Present when approved. */
                        approval_code?: string;
                        /** @description The amount, with exactly the currency's minor digits ("15000.00"). */
                        amount: string;
                        currency: string;
                        order_id: string;
                        description: string | null;
                        /** @description false: deferred capture (AUTHORIZED until POST .../capture). */
                        capture: boolean;
                        /** @description Captured so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_captured: string;
                        /** @description Refunded so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_refunded: string;
                        /** @description Held by the authorization (after any adjustment), with exactly the currency's minor digits ("15000.00"). */
                        amount_authorized?: string;
                        /** @description The fees applied at capture (at most one per type); empty before capture or when no rule matches. */
                        fees: {
                            /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
                            type: "interchange" | "mdr";
                            rule_id: string;
                            /** @description round-half-up(captured × percentage_bps / 10000) + fixed_amount, in the payment's currency ("4.05"). */
                            amount: string;
                            percentage_bps: number;
                            fixed_amount: string;
                        }[];
                        /** @description The sum of `fees`. */
                        fees_total: string;
                        /** @description `amount_captured` − `fees_total`, exact (negative when the fees exceed a small capture). */
                        net_amount: string;
                        instrument: {
                            id: string;
                            card_brand: string;
                            last_four_digits: string;
                        };
                        authorized_at: string | null;
                        /** @description Automatic capture happens CAPTURE_DELAY_SECONDS after approval. */
                        captured_at: string | null;
                        cancelled_at: string | null;
                        /** @description The merchant (`mer-`) the payment was made for, if named. */
                        merchant_id: string | null;
                        /** @description The point of sale (`pos-`), if named. */
                        point_of_sale_id: string | null;
                        /** @description The terminal (`ter-`) of a card-present payment. */
                        terminal_id: string | null;
                        channel: "ecommerce" | "card_present";
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description In the answer to an action: the transaction (`trx-`) the action recorded. */
                        transaction?: {
                            /** @description `trx-` prefix. */
                            id: string;
                            payment_id: string;
                            /** @description The network operation this transaction records; `purchase` is the one transaction of an alternative payment. */
                            type: "authorization" | "capture" | "void" | "reversal" | "adjustment" | "refund" | "purchase";
                            /** @description PENDING while the network has not answered (a PENDING authorization, a refund in flight). */
                            status: "PENDING" | "SUCCEEDED" | "REJECTED";
                            /** @description With exactly the currency's minor digits. An adjustment shows the new authorized amount. */
                            amount: string;
                            currency: string;
                            /** @description The network's ISO 8583 response code (`00` approved). */
                            response_code: string | null;
                            /** @description The network's id of the authorization the operation acted on. */
                            network_reference: string | null;
                            /** @description The refund (`ref-`) of a refund transaction. */
                            refund_id: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                        entry_mode: ("chip" | "contactless" | "swipe") | null;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "cardPresent.payments.cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A card payment with `channel` card_present, made at a terminal of a point of sale. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `pay-` prefix. */
                        id: string;
                        /** @description Spec section 3. A captured payment stays APPROVED (see captured_at); fully refunded is REFUNDED. */
                        status: "PENDING" | "APPROVED" | "AUTHORIZED" | "REJECTED" | "CANCELLED" | "REFUNDED";
                        /** @description ISO 8583 issuer response code (`00` approved). */
                        response_code: string | null;
                        /** @description Present when approved. */
                        approval_code?: string;
                        /** @description The amount, with exactly the currency's minor digits ("15000.00"). */
                        amount: string;
                        currency: string;
                        order_id: string;
                        description: string | null;
                        /** @description false: deferred capture (AUTHORIZED until POST .../capture). */
                        capture: boolean;
                        /** @description Captured so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_captured: string;
                        /** @description Refunded so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_refunded: string;
                        /** @description Held by the authorization (after any adjustment), with exactly the currency's minor digits ("15000.00"). */
                        amount_authorized?: string;
                        /** @description The fees applied at capture (at most one per type); empty before capture or when no rule matches. */
                        fees: {
                            /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
                            type: "interchange" | "mdr";
                            rule_id: string;
                            /** @description round-half-up(captured × percentage_bps / 10000) + fixed_amount, in the payment's currency ("4.05"). */
                            amount: string;
                            percentage_bps: number;
                            fixed_amount: string;
                        }[];
                        /** @description The sum of `fees`. */
                        fees_total: string;
                        /** @description `amount_captured` − `fees_total`, exact (negative when the fees exceed a small capture). */
                        net_amount: string;
                        instrument: {
                            id: string;
                            card_brand: string;
                            last_four_digits: string;
                        };
                        authorized_at: string | null;
                        /** @description Automatic capture happens CAPTURE_DELAY_SECONDS after approval. */
                        captured_at: string | null;
                        cancelled_at: string | null;
                        /** @description The merchant (`mer-`) the payment was made for, if named. */
                        merchant_id: string | null;
                        /** @description The point of sale (`pos-`), if named. */
                        point_of_sale_id: string | null;
                        /** @description The terminal (`ter-`) of a card-present payment. */
                        terminal_id: string | null;
                        channel: "ecommerce" | "card_present";
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description In the answer to an action: the transaction (`trx-`) the action recorded. */
                        transaction?: {
                            /** @description `trx-` prefix. */
                            id: string;
                            payment_id: string;
                            /** @description The network operation this transaction records; `purchase` is the one transaction of an alternative payment. */
                            type: "authorization" | "capture" | "void" | "reversal" | "adjustment" | "refund" | "purchase";
                            /** @description PENDING while the network has not answered (a PENDING authorization, a refund in flight). */
                            status: "PENDING" | "SUCCEEDED" | "REJECTED";
                            /** @description With exactly the currency's minor digits. An adjustment shows the new authorized amount. */
                            amount: string;
                            currency: string;
                            /** @description The network's ISO 8583 response code (`00` approved). */
                            response_code: string | null;
                            /** @description The network's id of the authorization the operation acted on. */
                            network_reference: string | null;
                            /** @description The refund (`ref-`) of a refund transaction. */
                            refund_id: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                        entry_mode: ("chip" | "contactless" | "swipe") | null;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "cardPresent.payments.reverse": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A card payment with `channel` card_present, made at a terminal of a point of sale. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `pay-` prefix. */
                        id: string;
                        /** @description Spec section 3. A captured payment stays APPROVED (see captured_at); fully refunded is REFUNDED. */
                        status: "PENDING" | "APPROVED" | "AUTHORIZED" | "REJECTED" | "CANCELLED" | "REFUNDED";
                        /** @description ISO 8583 issuer response code (`00` approved). */
                        response_code: string | null;
                        /** @description Present when approved. */
                        approval_code?: string;
                        /** @description The amount, with exactly the currency's minor digits ("15000.00"). */
                        amount: string;
                        currency: string;
                        order_id: string;
                        description: string | null;
                        /** @description false: deferred capture (AUTHORIZED until POST .../capture). */
                        capture: boolean;
                        /** @description Captured so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_captured: string;
                        /** @description Refunded so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_refunded: string;
                        /** @description Held by the authorization (after any adjustment), with exactly the currency's minor digits ("15000.00"). */
                        amount_authorized?: string;
                        /** @description The fees applied at capture (at most one per type); empty before capture or when no rule matches. */
                        fees: {
                            /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
                            type: "interchange" | "mdr";
                            rule_id: string;
                            /** @description round-half-up(captured × percentage_bps / 10000) + fixed_amount, in the payment's currency ("4.05"). */
                            amount: string;
                            percentage_bps: number;
                            fixed_amount: string;
                        }[];
                        /** @description The sum of `fees`. */
                        fees_total: string;
                        /** @description `amount_captured` − `fees_total`, exact (negative when the fees exceed a small capture). */
                        net_amount: string;
                        instrument: {
                            id: string;
                            card_brand: string;
                            last_four_digits: string;
                        };
                        authorized_at: string | null;
                        /** @description Automatic capture happens CAPTURE_DELAY_SECONDS after approval. */
                        captured_at: string | null;
                        cancelled_at: string | null;
                        /** @description The merchant (`mer-`) the payment was made for, if named. */
                        merchant_id: string | null;
                        /** @description The point of sale (`pos-`), if named. */
                        point_of_sale_id: string | null;
                        /** @description The terminal (`ter-`) of a card-present payment. */
                        terminal_id: string | null;
                        channel: "ecommerce" | "card_present";
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description In the answer to an action: the transaction (`trx-`) the action recorded. */
                        transaction?: {
                            /** @description `trx-` prefix. */
                            id: string;
                            payment_id: string;
                            /** @description The network operation this transaction records; `purchase` is the one transaction of an alternative payment. */
                            type: "authorization" | "capture" | "void" | "reversal" | "adjustment" | "refund" | "purchase";
                            /** @description PENDING while the network has not answered (a PENDING authorization, a refund in flight). */
                            status: "PENDING" | "SUCCEEDED" | "REJECTED";
                            /** @description With exactly the currency's minor digits. An adjustment shows the new authorized amount. */
                            amount: string;
                            currency: string;
                            /** @description The network's ISO 8583 response code (`00` approved). */
                            response_code: string | null;
                            /** @description The network's id of the authorization the operation acted on. */
                            network_reference: string | null;
                            /** @description The refund (`ref-`) of a refund transaction. */
                            refund_id: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                        entry_mode: ("chip" | "contactless" | "swipe") | null;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "cardPresent.payments.adjust": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The new authorized amount, major units: more than 0, at most 115% of the original authorization. A JSON number or a decimal string in major units (`150000.5` or `"150000.50"`), with at most the currency's minor digits.
                     * @example 150000
                     * @example 150000.00
                     */
                    amount: number | string;
                };
            };
        };
        responses: {
            /** @description A card payment with `channel` card_present, made at a terminal of a point of sale. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `pay-` prefix. */
                        id: string;
                        /** @description Spec section 3. A captured payment stays APPROVED (see captured_at); fully refunded is REFUNDED. */
                        status: "PENDING" | "APPROVED" | "AUTHORIZED" | "REJECTED" | "CANCELLED" | "REFUNDED";
                        /** @description ISO 8583 issuer response code (`00` approved). */
                        response_code: string | null;
                        /** @description Present when approved. */
                        approval_code?: string;
                        /** @description The amount, with exactly the currency's minor digits ("15000.00"). */
                        amount: string;
                        currency: string;
                        order_id: string;
                        description: string | null;
                        /** @description false: deferred capture (AUTHORIZED until POST .../capture). */
                        capture: boolean;
                        /** @description Captured so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_captured: string;
                        /** @description Refunded so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_refunded: string;
                        /** @description Held by the authorization (after any adjustment), with exactly the currency's minor digits ("15000.00"). */
                        amount_authorized?: string;
                        /** @description The fees applied at capture (at most one per type); empty before capture or when no rule matches. */
                        fees: {
                            /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
                            type: "interchange" | "mdr";
                            rule_id: string;
                            /** @description round-half-up(captured × percentage_bps / 10000) + fixed_amount, in the payment's currency ("4.05"). */
                            amount: string;
                            percentage_bps: number;
                            fixed_amount: string;
                        }[];
                        /** @description The sum of `fees`. */
                        fees_total: string;
                        /** @description `amount_captured` − `fees_total`, exact (negative when the fees exceed a small capture). */
                        net_amount: string;
                        instrument: {
                            id: string;
                            card_brand: string;
                            last_four_digits: string;
                        };
                        authorized_at: string | null;
                        /** @description Automatic capture happens CAPTURE_DELAY_SECONDS after approval. */
                        captured_at: string | null;
                        cancelled_at: string | null;
                        /** @description The merchant (`mer-`) the payment was made for, if named. */
                        merchant_id: string | null;
                        /** @description The point of sale (`pos-`), if named. */
                        point_of_sale_id: string | null;
                        /** @description The terminal (`ter-`) of a card-present payment. */
                        terminal_id: string | null;
                        channel: "ecommerce" | "card_present";
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description In the answer to an action: the transaction (`trx-`) the action recorded. */
                        transaction?: {
                            /** @description `trx-` prefix. */
                            id: string;
                            payment_id: string;
                            /** @description The network operation this transaction records; `purchase` is the one transaction of an alternative payment. */
                            type: "authorization" | "capture" | "void" | "reversal" | "adjustment" | "refund" | "purchase";
                            /** @description PENDING while the network has not answered (a PENDING authorization, a refund in flight). */
                            status: "PENDING" | "SUCCEEDED" | "REJECTED";
                            /** @description With exactly the currency's minor digits. An adjustment shows the new authorized amount. */
                            amount: string;
                            currency: string;
                            /** @description The network's ISO 8583 response code (`00` approved). */
                            response_code: string | null;
                            /** @description The network's id of the authorization the operation acted on. */
                            network_reference: string | null;
                            /** @description The refund (`ref-`) of a refund transaction. */
                            refund_id: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                        entry_mode: ("chip" | "contactless" | "swipe") | null;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "cardPresent.payments.refund": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Major units. Default: everything still refundable. A JSON number or a decimal string in major units (`150000.5` or `"150000.50"`), with at most the currency's minor digits.
                     * @example 150000
                     * @example 150000.00
                     */
                    amount?: number | string;
                    /** @description The payment's currency (the default). */
                    currency?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `ref-` prefix. */
                        id: string;
                        payment_id: string;
                        amount: string;
                        currency: string;
                        status: "PENDING" | "SUCCEEDED" | "REJECTED";
                        response_code: string | null;
                        /** @description The refund's transaction (`trx-`) in its payment's history. */
                        transaction_id: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "cardPresent.payments.cancelOrRefund": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A card payment with `channel` card_present, made at a terminal of a point of sale. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `pay-` prefix. */
                        id: string;
                        /** @description Spec section 3. A captured payment stays APPROVED (see captured_at); fully refunded is REFUNDED. */
                        status: "PENDING" | "APPROVED" | "AUTHORIZED" | "REJECTED" | "CANCELLED" | "REFUNDED";
                        /** @description ISO 8583 issuer response code (`00` approved). */
                        response_code: string | null;
                        /** @description Present when approved. */
                        approval_code?: string;
                        /** @description The amount, with exactly the currency's minor digits ("15000.00"). */
                        amount: string;
                        currency: string;
                        order_id: string;
                        description: string | null;
                        /** @description false: deferred capture (AUTHORIZED until POST .../capture). */
                        capture: boolean;
                        /** @description Captured so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_captured: string;
                        /** @description Refunded so far, with exactly the currency's minor digits ("15000.00"). */
                        amount_refunded: string;
                        /** @description Held by the authorization (after any adjustment), with exactly the currency's minor digits ("15000.00"). */
                        amount_authorized?: string;
                        /** @description The fees applied at capture (at most one per type); empty before capture or when no rule matches. */
                        fees: {
                            /** @description `interchange` (the issuer's fee) or `mdr` (the merchant discount rate). */
                            type: "interchange" | "mdr";
                            rule_id: string;
                            /** @description round-half-up(captured × percentage_bps / 10000) + fixed_amount, in the payment's currency ("4.05"). */
                            amount: string;
                            percentage_bps: number;
                            fixed_amount: string;
                        }[];
                        /** @description The sum of `fees`. */
                        fees_total: string;
                        /** @description `amount_captured` − `fees_total`, exact (negative when the fees exceed a small capture). */
                        net_amount: string;
                        instrument: {
                            id: string;
                            card_brand: string;
                            last_four_digits: string;
                        };
                        authorized_at: string | null;
                        /** @description Automatic capture happens CAPTURE_DELAY_SECONDS after approval. */
                        captured_at: string | null;
                        cancelled_at: string | null;
                        /** @description The merchant (`mer-`) the payment was made for, if named. */
                        merchant_id: string | null;
                        /** @description The point of sale (`pos-`), if named. */
                        point_of_sale_id: string | null;
                        /** @description The terminal (`ter-`) of a card-present payment. */
                        terminal_id: string | null;
                        channel: "ecommerce" | "card_present";
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description In the answer to an action: the transaction (`trx-`) the action recorded. */
                        transaction?: {
                            /** @description `trx-` prefix. */
                            id: string;
                            payment_id: string;
                            /** @description The network operation this transaction records; `purchase` is the one transaction of an alternative payment. */
                            type: "authorization" | "capture" | "void" | "reversal" | "adjustment" | "refund" | "purchase";
                            /** @description PENDING while the network has not answered (a PENDING authorization, a refund in flight). */
                            status: "PENDING" | "SUCCEEDED" | "REJECTED";
                            /** @description With exactly the currency's minor digits. An adjustment shows the new authorized amount. */
                            amount: string;
                            currency: string;
                            /** @description The network's ISO 8583 response code (`00` approved). */
                            response_code: string | null;
                            /** @description The network's id of the authorization the operation acted on. */
                            network_reference: string | null;
                            /** @description The refund (`ref-`) of a refund transaction. */
                            refund_id: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                        entry_mode: ("chip" | "contactless" | "swipe") | null;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "paymentInstructions.list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description An id: the page after it (older). */
                starting_after?: string;
                /** @description An id: the page before it (newer). */
                ending_before?: string;
                created_gte?: string;
                created_lte?: string;
                /** @description PENDING (created; the terminal is not connected), DELIVERED (sent to the terminal), ACKNOWLEDGED (the terminal showed it), PROCESSING (the card read arrived; the authorization is in flight), COMPLETED (payment approved or authorized), FAILED (declined, or the order was already paid otherwise), EXPIRED (not paid within its lifetime). */
                status?: "PENDING" | "DELIVERED" | "ACKNOWLEDGED" | "PROCESSING" | "COMPLETED" | "FAILED" | "EXPIRED";
                terminal_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PaymentInstruction"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "paymentInstructions.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An active terminal of your organization attached to a point of sale. */
                    terminal_id: string;
                    /**
                     * @description In major units of the currency, at most its minor digits. A JSON number or a decimal string in major units (`150000.5` or `"150000.50"`), with at most the currency's minor digits.
                     * @example 150000
                     * @example 150000.00
                     */
                    amount: number | string;
                    /** @description ISO 4217. */
                    currency: string;
                    /** @description Your unique reference; the payment gets it. */
                    order_id: string;
                    description?: string;
                    /**
                     * @description false authorizes only.
                     * @default true
                     */
                    capture?: boolean;
                    /** @description Seconds until EXPIRED if not paid. Default PAYMENT_INSTRUCTION_TTL_SECONDS (300). */
                    expires_in?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `pin-` prefix. */
                        id: string;
                        /** @description PENDING (created; the terminal is not connected), DELIVERED (sent to the terminal), ACKNOWLEDGED (the terminal showed it), PROCESSING (the card read arrived; the authorization is in flight), COMPLETED (payment approved or authorized), FAILED (declined, or the order was already paid otherwise), EXPIRED (not paid within its lifetime). */
                        status: "PENDING" | "DELIVERED" | "ACKNOWLEDGED" | "PROCESSING" | "COMPLETED" | "FAILED" | "EXPIRED";
                        terminal_id: string;
                        /** @description The terminal's point of sale when the instruction was created. */
                        point_of_sale_id: string;
                        merchant_id: string;
                        /** @description Becomes the payment's order_id. */
                        order_id: string;
                        /** @description With exactly the currency's minor digits ("15000.00"), as on card payments. */
                        amount: string;
                        currency: string;
                        description: string | null;
                        /** @description false: the payment is only authorized (capture it with POST /v1/card-present/payments/{id}/capture). */
                        capture: boolean;
                        entry_mode: ("chip" | "contactless" | "swipe") | null;
                        /** @description The card-present payment, once the terminal reported the card read. */
                        payment_id: string | null;
                        /** @description Why it FAILED (`card_declined` with the response code, `order_id_conflict`). */
                        failure: {
                            code: string;
                            message: string;
                        } | null;
                        /** Format: date-time */
                        expires_at: string;
                        delivered_at: string | null;
                        acknowledged_at: string | null;
                        /** @description When it reached COMPLETED, FAILED or EXPIRED. */
                        completed_at: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "paymentInstructions.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `pin-` prefix. */
                        id: string;
                        /** @description PENDING (created; the terminal is not connected), DELIVERED (sent to the terminal), ACKNOWLEDGED (the terminal showed it), PROCESSING (the card read arrived; the authorization is in flight), COMPLETED (payment approved or authorized), FAILED (declined, or the order was already paid otherwise), EXPIRED (not paid within its lifetime). */
                        status: "PENDING" | "DELIVERED" | "ACKNOWLEDGED" | "PROCESSING" | "COMPLETED" | "FAILED" | "EXPIRED";
                        terminal_id: string;
                        /** @description The terminal's point of sale when the instruction was created. */
                        point_of_sale_id: string;
                        merchant_id: string;
                        /** @description Becomes the payment's order_id. */
                        order_id: string;
                        /** @description With exactly the currency's minor digits ("15000.00"), as on card payments. */
                        amount: string;
                        currency: string;
                        description: string | null;
                        /** @description false: the payment is only authorized (capture it with POST /v1/card-present/payments/{id}/capture). */
                        capture: boolean;
                        entry_mode: ("chip" | "contactless" | "swipe") | null;
                        /** @description The card-present payment, once the terminal reported the card read. */
                        payment_id: string | null;
                        /** @description Why it FAILED (`card_declined` with the response code, `order_id_conflict`). */
                        failure: {
                            code: string;
                            message: string;
                        } | null;
                        /** Format: date-time */
                        expires_at: string;
                        delivered_at: string | null;
                        acknowledged_at: string | null;
                        /** @description When it reached COMPLETED, FAILED or EXPIRED. */
                        completed_at: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description An id: the page after it (older). */
                starting_after?: string;
                /** @description An id: the page before it (newer). */
                ending_before?: string;
                created_gte?: string;
                created_lte?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpoint"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description https in production; never a private, loopback or metadata address there. */
                    url: string;
                    events: string[];
                    description?: string;
                    status?: "enabled" | "disabled";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `whk-` prefix. */
                        id: string;
                        url: string;
                        /** @description Event types, or ["*"] for all. */
                        events: string[];
                        description: string | null;
                        status: "enabled" | "disabled";
                        /** @description Set when the receiver answered 410 Gone. */
                        disabled_reason: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description `whsec_...`. Only for a token with `secrets:read`, and never in an idempotent replay (read it at GET /v1/webhooks/{id}/secret). */
                        secret?: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `whk-` prefix. */
                        id: string;
                        url: string;
                        /** @description Event types, or ["*"] for all. */
                        events: string[];
                        description: string | null;
                        status: "enabled" | "disabled";
                        /** @description Set when the receiver answered 410 Gone. */
                        disabled_reason: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description https in production; never a private, loopback or metadata address there. */
                    url: string;
                    events: string[];
                    description?: string;
                    status?: "enabled" | "disabled";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `whk-` prefix. */
                        id: string;
                        url: string;
                        /** @description Event types, or ["*"] for all. */
                        events: string[];
                        description: string | null;
                        status: "enabled" | "disabled";
                        /** @description Set when the receiver answered 410 Gone. */
                        disabled_reason: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `whk-` prefix. */
                        id: string;
                        url: string;
                        /** @description Event types, or ["*"] for all. */
                        events: string[];
                        description: string | null;
                        status: "enabled" | "disabled";
                        /** @description Set when the receiver answered 410 Gone. */
                        disabled_reason: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.secret.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        secret: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.secret.rotate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `whsec_...`. Only for a token with `secrets:read`, and never in an idempotent replay (read it at GET /v1/webhooks/{id}/secret). */
                        secret?: string;
                        previous_secret_expires_at: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.deliveries.list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description An id: the page after it (older). */
                starting_after?: string;
                /** @description An id: the page before it (newer). */
                ending_before?: string;
                created_gte?: string;
                created_lte?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            event_id: string;
                            event_type: string;
                            status: "pending" | "succeeded" | "failed";
                            attempts: {
                                attempt: number;
                                /** @description The receiver's HTTP status; null when it did not answer (see `error`). */
                                status_code: number | null;
                                /** @description From sending the request to the end of the response (or the failure). */
                                duration_ms: number;
                                /** @description Why there was no response: a timeout, a refused connection, a refused URL. */
                                error: string | null;
                                /** @description What was sent (or tried); null when not kept: cleared WEBHOOK_ATTEMPT_BODY_RETENTION_DAYS after the attempt, or an attempt older than the gateway keeping it. */
                                request: {
                                    /** @description The headers sent. None is a secret: `webhook-signature` is an HMAC, not the signing secret. */
                                    headers: {
                                        [key: string]: string;
                                    };
                                    /** @description The body sent: the event as GET /v1/events/{id} returns it. */
                                    body: string;
                                } | null;
                                /** @description What the receiver answered; null when it did not answer. */
                                response: {
                                    status_code: number;
                                    /** @description The first 4 KB of the response body (UTF-8, never a split character); null when not kept: cleared WEBHOOK_ATTEMPT_BODY_RETENTION_DAYS after the attempt, or an attempt older than the gateway keeping it. */
                                    body: string | null;
                                } | null;
                                created_at: string;
                            }[];
                            next_attempt_at: string | null;
                            delivered_at: string | null;
                            created_at: string;
                        }[];
                        has_more: boolean;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.test": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The delivery, in GET /v1/webhooks/{id}/deliveries. */
                        delivery_id: string;
                        event: components["schemas"]["Event"];
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "events.list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description An id: the page after it (older). */
                starting_after?: string;
                /** @description An id: the page before it (newer). */
                ending_before?: string;
                created_gte?: string;
                created_lte?: string;
                type?: string;
                /** @description Only the events about this payment. */
                payment_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Event"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "events.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `evt-` prefix; also the webhook-id header. */
                        id: string;
                        type: string;
                        /** Format: date-time */
                        time: string;
                        data: {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "events.redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    endpoint_id?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: string[];
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "events.stream": {
        parameters: {
            query?: {
                /** @description Resume after this event id (as the `Last-Event-ID` header). */
                last_event_id?: string;
                /** @description Comma-separated event types; only these are sent. */
                types?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "sandbox.clock.retrieve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description How far ahead of the real time the organization's sandbox time is. */
                        offset_seconds: number;
                        /**
                         * Format: date-time
                         * @description The organization's sandbox time.
                         */
                        now: string;
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "sandbox.clock.advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description How far to move the organization's sandbox time forward: 1 to 31622400 (366 days). */
                    seconds: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description How far ahead of the real time the organization's sandbox time is. */
                        offset_seconds: number;
                        /**
                         * Format: date-time
                         * @description The organization's sandbox time.
                         */
                        now: string;
                        /** @description The jobs the advance ran, in the order they ran (their `run_at` order). */
                        ran: {
                            /** @description The job. */
                            id: string;
                            /** @description What it did: `payment.capture`, `apm.expire`, `webhook.deliver`... */
                            type: string;
                            /** @description The object it was about (a payment, link, chargeback, webhook delivery...). */
                            subject_id: string | null;
                            /**
                             * Format: date-time
                             * @description When it was due, in the organization's sandbox time.
                             */
                            run_at: string;
                            /** @description `retry`: it failed and was scheduled again. */
                            outcome: "completed" | "retry" | "failed";
                        }[];
                    };
                };
            };
            /** @description Bad request (for example `invalid_idempotency_key`, or `invalid_request` for a path that is not valid percent-encoded UTF-8). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission this operation needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict (idempotency_key_mismatch, idempotency_conflict, or a state precondition). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the body is over BODY_LIMIT_BYTES (or over the limit the operation states). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid body or query; `details` names every problem (a NUL character or an unpaired surrogate in any string is one). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the server is draining, or the database could not take the request just then (a deadlock, a lost connection, a lock held elsewhere); nothing was committed. Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `timeout`: not answered within REQUEST_TIMEOUT_MS. The outcome is unknown: retry with the same `order_id` or `Idempotency-Key`. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
