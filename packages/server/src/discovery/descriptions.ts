/**
 * Descriptions of the operations whose route schema gives only a summary: the
 * rules a caller needs beyond the summary line (scope, tenancy, what the
 * answer holds). A route's own `description` wins; the contract test
 * (test/openapi-contract.test.ts) fails when an operation has neither.
 */
const LIST = 'Newest first: `limit` (1 to 100, default 10), `starting_after` / `ending_before` (an id); `{data, has_more}`.';
const TENANT = "Another organization's object is 404.";
const REMOVED = 'Answers `{id, deleted: true}` (DeletedObject); the object is gone: GET is 404 afterwards (docs/api-conventions.md "Deletes").';

export const OPERATION_DESCRIPTIONS: Record<string, string> = {
  'GET /.well-known/jwks.json': 'The public keys (JWK Set, RFC 7517) that verify the RS256 access tokens (`kid` in the JWT header). Cacheable for 5 minutes.',
  'GET /v1/organizations/{id}': `An organization of the calling client. ${TENANT}`,
  'PUT /v1/organizations/{id}': `Replaces the organization's \`name\` (non-empty). ${TENANT}`,
  'PATCH /v1/instruments/{id}': `Changes \`expiration_month\`, \`expiration_year\` or \`holder_name\` of a card instrument (the card number never changes: tokenize the new card instead). A deleted instrument is 409. ${TENANT}`,
  'GET /v1/cashouts': `The cashouts (disbursements that pay back an alternative payment). ${LIST}`,
  'GET /v1/cashouts/{id}': `A cashout (\`cas-\`). ${TENANT}`,
  'POST /v1/users':
    "A user is the shopper whose cards are saved (`usr-`): `name` and `email`. Instruments are added with POST /v1/users/{id}/instruments or by the SDK's `enroll`.",
  'GET /v1/users': `The users of the organization. ${LIST}`,
  'GET /v1/users/{id}': `A user with its saved instruments. ${TENANT}`,
  'DELETE /v1/users/{id}/instruments/{instrument_id}': `Detaches a saved instrument from the user; the instrument itself stays (DELETE /v1/instruments/{id} deletes it). Answers the user afterwards, as every removal of a link between two objects does (docs/api-conventions.md "Deletes"). ${TENANT}`,
  'GET /v1/merchants': `Merchants and sub-merchants of the organization. ${LIST}`,
  'POST /v1/merchants':
    "A merchant, or with `parent_id` a sub-merchant of a merchant of the same organization (else 422 `parent_id`). With `tax_id_type` the document is checked; a NIT's DIAN check digit is verified.",
  'GET /v1/merchants/{id}': `A merchant (\`mer-\`). ${TENANT}`,
  'PUT /v1/merchants/{id}':
    'Replaces the editable fields: an omitted optional field is cleared (`country` returns to `COL`). A merchant may not become its own ancestor (422 `parent_id`).',
  'DELETE /v1/merchants/{id}': `A hard delete. 409 \`merchant_in_use\` while it has points of sale or sub-merchants. ${REMOVED}`,
  'GET /v1/merchants/{id}/sub-merchants': `The merchants whose \`parent_id\` is this merchant. ${LIST}`,
  'POST /v1/points-of-sale': 'A point of sale (`pos-`) of a merchant of the organization (else 422 `merchant_id`).',
  'GET /v1/points-of-sale/{id}': `A point of sale. ${TENANT}`,
  'PUT /v1/points-of-sale/{id}': 'Replaces the name and address; an omitted optional field is cleared. The merchant of a point of sale does not change.',
  'DELETE /v1/points-of-sale/{id}': `A hard delete. 409 \`point_of_sale_in_use\` while terminals are attached. ${REMOVED}`,
  'GET /v1/points-of-sale/{id}/terminals': `The terminals attached to this point of sale. ${LIST}`,
  'PATCH /v1/points-of-sale/{id}/terminals':
    '`{add, remove}`, all or nothing: every id must be a terminal of the organization (else 422 `add.N` / `remove.N`). A terminal attached elsewhere moves here; removing one not attached here changes nothing. Answers the first 100 terminals of the point of sale.',
  'GET /v1/terminals': `The terminals of the organization. ${LIST}`,
  'POST /v1/terminals': 'Registers a terminal (`ter-`). Serials are unique per organization: a duplicate is 409 `terminal_serial_taken`.',
  'GET /v1/terminals/{id}': `A terminal. ${TENANT}`,
  'PUT /v1/terminals/{id}':
    'Replaces the serial, model and status; an omitted `status` returns to `active`. A duplicate serial is 409 `terminal_serial_taken`.',
  'DELETE /v1/terminals/{id}': `A hard delete: its users are deleted and it is detached from its point of sale. ${REMOVED}`,
  'GET /v1/terminals/{id}/users': `The cashiers and supervisors of a terminal. ${LIST}`,
  'POST /v1/terminals/{id}/users': 'Adds a cashier or a supervisor to the terminal.',
  'DELETE /v1/terminals/{id}/users/{user_id}': `Removes the user from the terminal (a hard delete). ${REMOVED}`,
  'GET /v1/links': `Payment and enrollment links. ${LIST}`,
  'GET /v1/links/{id}': `A payment or card-enrollment link, with its \`status\` and, once paid, \`payment_id\`. ${TENANT}`,
  'GET /v1/refunds': `Refunds of card payments; \`payment_id\` filters by payment. ${LIST}`,
  'GET /v1/refunds/{id}': `A refund (\`ref-\`), \`SUCCEEDED\`, \`REJECTED\` or \`PENDING\`. ${TENANT}`,
  'GET /v1/chargebacks/{id}': `A chargeback (\`chb-\`) with its status and \`respond_by\`. ${TENANT}`,
  'GET /v1/chargebacks/{id}/analysis':
    "The reason code's family, the amounts at stake, the deadlines and the evidence given so far: what to decide whether to accept or dispute.",
  'GET /v1/chargebacks/{id}/comments': `The comments on a chargeback, newest first. ${LIST}`,
  'POST /v1/chargebacks/{id}/comments': 'Adds a comment in any state; its author is the calling client.',
  'GET /v1/chargebacks/{id}/attachments': 'The files attached to a chargeback as evidence, oldest first (metadata only; download each by id).',
  'GET /v1/chargebacks/{id}/attachments/{att_id}': "The attachment's bytes, with its Content-Type and a Content-Disposition naming the file.",
  'DELETE /v1/chargebacks/{id}/attachments/{att_id}': `Only while the chargeback is \`OPEN\` (else 409 \`chargeback_not_open\`). ${REMOVED}`,
  'GET /v1/fee-rules/{id}': `A fee rule (\`fee-\`, \`interchange\` or \`mdr\`). ${TENANT}`,
  'GET /v1/webhooks': `The webhook endpoints of the organization. ${LIST}`,
  'GET /v1/webhooks/{id}': `A webhook endpoint: its URL, the event types it receives, and whether it is enabled. ${TENANT}`,
  'DELETE /v1/webhooks/{id}': `Deletes the endpoint and its delivery log. ${REMOVED}`,
  'GET /v1/webhooks/{id}/secret': "The `whsec_` secret that signs the endpoint's deliveries (Standard Webhooks). Needs `secrets:read`.",
  'GET /v1/events/{id}': `An event (\`evt-\`), as its webhook deliveries carry it: \`type\` says the shape of \`data\` (see the \`webhooks\` section). ${TENANT}`,
};
