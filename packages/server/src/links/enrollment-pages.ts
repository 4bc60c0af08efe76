/**
 * The card-enrollment form (`/e/{token}`, made to live in a merchant's
 * iframe): it saves a card as an instrument, encrypted in the browser with
 * the organization's public key.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '../errors/api-error.js';
import type { CreateInstrument } from '../instruments/schemas.js';
import type { EnrollmentLinkData } from './service.js';
import { TEXT } from './page-text.js';
import type { EnrollmentConfig } from './page-config.js';
import { enrollmentPage, noticePage } from './templates.js';
import { cardBody, HIDDEN, langOf, linkPrincipal, localizedCardError, PAGE, type PageDeps, pageLookups, publicKey, send, tokenParams } from './page-kit.js';

export async function enrollmentPageRoutes(app: FastifyInstance, deps: Pick<PageDeps, 'links' | 'keys' | 'instruments'>): Promise<void> {
  const { links, keys, instruments } = deps;
  const { linkFor, notFound, closedMessage } = pageLookups(deps);
  const config = PAGE;
  const hide = HIDDEN;

  app.get('/e/:token', { config, schema: { ...hide, params: tokenParams } }, async (request, reply) => {
    const lang = langOf(request);
    const t = TEXT[lang];
    const row = await linkFor(request, 'card_enrollment');
    if (!row) return notFound(reply, lang);
    const data = JSON.parse(row.data) as EnrollmentLinkData;
    const style = data.style ?? {};
    // Framed only by the merchant's listed origins (data.allowed_origins), which alone hear the result.
    const frameAncestors = data.allowed_origins ?? [];
    const title = style.text?.headerTitle ?? t.enrollTitle;
    const closed = await closedMessage(row, lang);
    if (closed) return send(reply.code(410), noticePage(lang, title, closed, style), { frameAncestors });
    // The form cannot encrypt a card without the organization's key; the link stays unopened until it exists.
    const key = await publicKey(keys, row.organization_id);
    if (key === null) return send(reply.code(503), noticePage(lang, title, t.enrollUnavailable, style), { frameAncestors });
    await links.open(row);
    const settings: EnrollmentConfig = {
      token: row.token,
      lang,
      publicKey: key,
      accent: style.colors?.primary ?? null,
      parentOrigins: frameAncestors,
      text: { saved: t.saved },
    };
    return send(reply, enrollmentPage({ lang, t, title, style, framed: frameAncestors.length > 0, config: settings }), { frameAncestors });
  });

  app.post(
    '/e/:token/save',
    { config, schema: { ...hide, params: tokenParams, body: Type.Omit(cardBody, ['amount', 'cvv_for_payment', 'abandon']) } },
    async (request) => {
      const row = await linkFor(request, 'card_enrollment');
      if (!row) throw ApiError.notFound('link');
      const closed = await closedMessage(row, langOf(request));
      if (closed) throw new ApiError('conflict', closed);
      const lang = langOf(request);
      const instrument = await instruments
        .tokenize(linkPrincipal(row.organization_id), { type: 'CARD', ...(request.body as Omit<CreateInstrument, 'type'>) }, { browserOrigin: row.id })
        .catch((error: unknown) => {
          throw localizedCardError(error, lang);
        });
      // Another save of the same form came first: the form is used, its card saved.
      if (!(await links.completeEnrollment(row, instrument.id))) throw new ApiError('conflict', TEXT[lang].enrolled);
      return { instrument_id: instrument.id, status: 'ENROLLED' };
    },
  );
}
