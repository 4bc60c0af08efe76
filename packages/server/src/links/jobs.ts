/** Link expiry, and the enrollment callback to the merchant (POST {instrument_id} with Api-Key). */
import type { JobRunner } from '../jobs/runner.js';
import { postJson } from '../webhooks/http-post.js';
import { guardedLookup, type UrlPolicy } from '../webhooks/url-guard.js';
import { LINK_JOBS, type EnrollmentLinkData, type LinkService } from './service.js';

export function registerLinkJobs(runner: JobRunner, links: LinkService, options: { policy: UrlPolicy; timeoutMs: number }): void {
  const lookup = guardedLookup(options.policy);
  runner.register(LINK_JOBS.expire, async ({ payload }) => {
    await links.expire(String((payload as { link_id: unknown }).link_id));
  });
  runner.register(LINK_JOBS.enrollmentCallback, async ({ payload }) => {
    const { link_id, instrument_id } = payload as { link_id: string; instrument_id: string };
    const row = await links.db.selectFrom('links').selectAll().where('id', '=', link_id).executeTakeFirst();
    if (!row) return;
    const data = JSON.parse(row.data) as EnrollmentLinkData;
    const result = await postJson(data.webhook, { 'api-key': links.apiKey(row) }, JSON.stringify({ instrument_id }), { timeoutMs: options.timeoutMs, lookup });
    // Anything but 2xx is retried with backoff by the job runner.
    if (result.status < 200 || result.status >= 300) throw new Error(`the merchant's webhook answered ${result.status}`);
  });
}
