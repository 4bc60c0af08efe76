/**
 * `/v1/reports` (docs/ledger.md "Reports"): reconciliation reports, made in
 * the background and downloaded streamed. Scope `reports:read`. Another
 * organization's report or payout is 404.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../http/principal.js';
import { ListOf, ListQuery } from '../http/pagination.js';
import { Report, ReportCreate } from './report-schemas.js';
import type { ReportService } from './reports.js';
import { IdParams } from './schemas.js';

export async function reportRoutes(base: FastifyInstance, opts: { reports: ReportService }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { reports } = opts;
  const config = { scopes: ['reports:read' as const] };
  const tags = ['Reports'];
  const org = (request: Parameters<typeof principalOf>[0]) => principalOf(request).organizationId;

  app.post(
    '/v1/reports',
    {
      config,
      schema: {
        tags,
        summary: 'Ask for a reconciliation report',
        description:
          "One row per ledger entry: `balance_transaction_id`, `created_at`, `type`, `payment_id`, `order_id`, `currency`, `gross`, `fee`, `net`, `settlement_id`, `payout_id`. `payout_reconciliation` (`payout_id`): the entries the payout paid, their `net` adding up to its amount; `balance_period` (`currency`, `period_start`, `period_end`): the entries booked in the period that go through settlement, settled or not; `balance_transactions` (the same fields): every entry booked in the period, whatever its type (settlements and payouts too), each `net` its change of the merchant's balances: the export of GET /v1/balance/transactions. Made in the background: 201 `pending`, then GET it for its `progress` until `succeeded`. 422 names every problem of the body.",
        body: ReportCreate,
        response: { 201: Report },
      },
    },
    async (request, reply) => reply.code(201).send(await reports.create(org(request), request.body)),
  );
  app.get(
    '/v1/reports',
    {
      config,
      schema: {
        tags,
        summary: 'List reports',
        description: 'The reports asked for, newest first, with their status.',
        querystring: ListQuery,
        response: { 200: ListOf(Report) },
      },
    },
    async (request) => reports.list(org(request), request.query),
  );
  app.get(
    '/v1/reports/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Get a report (its status and progress)',
        description: 'Its `status`, its `progress` while it is made in the background, its `totals` once it has succeeded.',
        params: IdParams,
        response: { 200: Report },
      },
    },
    async (request) => reports.get(org(request), request.params.id),
  );
  app.get(
    '/v1/reports/:id/download',
    {
      config,
      schema: {
        tags,
        summary: "Download a report's rows",
        description:
          'Streamed, as CSV (`text/csv`, a header line, CRLF line ends; an `order_id` a spreadsheet would take for a formula starts with `\'`) or JSON (`{"object": "report_data", "rows": [...], "totals": {...}}`). 409 until the report has `succeeded`.',
        params: IdParams,
        response: {
          200: {
            description: 'The rows, with `Content-Disposition: attachment`.',
            content: { 'text/csv': { schema: Type.String() }, 'application/json': { schema: Type.Object({}, { additionalProperties: true }) } },
          },
        },
      },
    },
    async (request, reply) => {
      const { report, chunks } = await reports.download(org(request), request.params.id);
      const json = report.format === 'json';
      return reply
        .header('content-type', json ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${report.id}.${report.format}"`)
        .header('cache-control', 'private, no-store')
        .send(Readable.from(chunks));
    },
  );
}
