/**
 * `POST /v1/3ds/version` (scope `3ds:write`): the 3-D Secure version a card
 * supports, from the BIN table (docs/sandbox.md "3-D Secure version").
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { principalOf } from '../http/principal.js';
import { lookupBin } from '../cards/bins.js';
import type { Db } from '../db/database.js';
import { ApiError, type ErrorDetail } from '../errors/api-error.js';

const VersionCheck = Type.Object({
  bin: Type.Optional(Type.String({ pattern: '^(\\d{6}|\\d{8})$', description: 'The first 6 or 8 digits of the card.' })),
  instrument_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'An instrument of the organization.' })),
});
type VersionCheck = Static<typeof VersionCheck>;

const VersionAnswer = Type.Object(
  {
    three_ds_version: Type.Union([Type.String(), Type.Null()], { description: '`2.2.0`, `2.1.0`, `1.0.2`, or null when the card has no 3-D Secure.' }),
    supported: Type.Boolean({ description: 'true when the card supports some 3-D Secure version.' }),
    bin: Type.String({ description: 'The BIN table entry that answered (6 or 8 digits), or the first 6 digits when none did.' }),
    card_brand: Type.String(),
    card_type: Type.String(),
    issuer: Type.Union([Type.String(), Type.Null()]),
    country: Type.Union([Type.String(), Type.Null()]),
    instrument_id: Type.Optional(Type.String()),
  },
  { $id: 'ThreeDsVersion' },
);
type VersionAnswer = Static<typeof VersionAnswer>;

export async function threeDsVersion(db: Db, organizationId: string, body: VersionCheck): Promise<VersionAnswer> {
  const details: ErrorDetail[] = [];
  if (body.bin === undefined && body.instrument_id === undefined) details.push({ field: 'bin', message: 'send bin or instrument_id' });
  if (body.bin !== undefined && body.instrument_id !== undefined) details.push({ field: 'instrument_id', message: 'send bin or instrument_id, not both' });
  if (details.length > 0) throw ApiError.validation(details);
  let digits = body.bin;
  if (body.instrument_id !== undefined) {
    const instrument = await db
      .selectFrom('instruments')
      .select(['bin', 'status'])
      .where('id', '=', body.instrument_id)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    if (!instrument) throw ApiError.validation([{ field: 'instrument_id', message: 'no such instrument' }]);
    if (instrument.status !== 'ACTIVE') throw ApiError.validation([{ field: 'instrument_id', message: 'the instrument was deleted' }]);
    digits = instrument.bin;
  }
  const { known: _known, three_ds_version, ...data } = await lookupBin(db, digits!);
  return { three_ds_version, supported: three_ds_version !== null, ...data, ...(body.instrument_id ? { instrument_id: body.instrument_id } : {}) };
}

export async function threeDsRoutes(base: FastifyInstance, opts: { db: Db }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/v1/3ds/version',
    {
      config: { scopes: ['3ds:write'] },
      schema: {
        tags: ['3-D Secure'],
        summary: 'Which 3-D Secure version a card supports',
        description:
          'Exactly one of `bin` (6 or 8 digits) and `instrument_id`; otherwise 422. The answer comes from the BIN table (the longest known prefix, 8 then 6 digits). A BIN the table does not know answers `supported: false`.',
        body: VersionCheck,
        response: { 200: VersionAnswer },
      },
    },
    async (request) => threeDsVersion(opts.db, principalOf(request).organizationId, request.body),
  );
}
