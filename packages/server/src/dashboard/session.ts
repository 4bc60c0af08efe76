/** The dashboard's session of a request (dashboard/routes.ts sets it in its session hook). */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { ApiError } from '../errors/api-error.js';
import { findVisibleOrganization } from '../organizations/store.js';
import type { DashboardUser } from './service.js';

export const SESSION_COOKIE = 'pasarela_dashboard';
export const ORGANIZATION_HEADER = 'x-pasarela-organization';

export interface SessionContext {
  id: string;
  user: DashboardUser;
}

export const sessions = new WeakMap<FastifyRequest, SessionContext>();

/** The signed-in user of a request that passed the session hook. */
export function sessionOf(request: FastifyRequest): SessionContext {
  const context = sessions.get(request);
  if (!context) throw new Error('route is not behind the dashboard session hook');
  return context;
}

export function cookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function signedOut(): ApiError {
  return new ApiError('unauthorized', 'Sign in to the dashboard (POST /dashboard/api/session).');
}

/**
 * The organization a request acts for: the user's, or one it registered
 * named by X-Pasarela-Organization; anything else is 404 (tenancy).
 */
export async function actingOrganization(db: Db, request: FastifyRequest): Promise<string> {
  const { user } = sessionOf(request);
  const asked = request.headers[ORGANIZATION_HEADER];
  if (asked === undefined || asked === user.organization_id) return user.organization_id;
  if (typeof asked !== 'string' || !(await findVisibleOrganization(db, user.organization_id, asked))) throw ApiError.notFound('organization');
  return asked;
}
