/**
 * A feature module: what one feature folder adds to the gateway when it is
 * built. Each feature exports one (`<feature>/module.ts`) that registers its
 * routes and its jobs; `createGateway` (app.ts) registers them in the order of
 * `gateway/modules.ts` (docs/internals.md "Modules").
 *
 * This file sits below the features (it names no feature), so a module needs
 * nothing from the wiring: it declares the shared services it uses as its
 * `Services` type parameter, and the module list checks at compile time that
 * the gateway's services (`gateway/services.ts`) provide them.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.js';
import type { Keyring } from '../crypto/keyring.js';
import type { DatabaseHandle, Db } from '../db/database.js';
import type { Reaction } from '../events/store.js';
import type { MaintenanceTask } from '../jobs/maintenance.js';
import type { JobRunner } from '../jobs/runner.js';

export interface ModuleContext<Services> {
  /** The root instance, with the cross-cutting hooks already registered (errors, transport, authentication, ...). */
  app: FastifyInstance;
  /** Not started yet: a module registers its job handlers here. */
  jobs: JobRunner;
  /** The hourly maintenance job's clean-ups (jobs/maintenance.ts): a module pushes its own. */
  maintenance: MaintenanceTask[];
  config: Config;
  database: DatabaseHandle;
  db: Db;
  keyring: Keyring;
  /** The services several features share, built once before any module registers. */
  services: Services;
}

export interface GatewayModule<Services = object> {
  /** The feature folder's name. */
  name: string;
  /**
   * What the feature does inside an event's recording transaction (events/store.ts).
   * Registered before any module, in the order of `REACTION_ORDER` (gateway/modules.ts).
   */
  reactions?: readonly Reaction[];
  /** Registers the feature's routes (on `ctx.app`), its job handlers (on `ctx.jobs`) and its clean-ups (on `ctx.maintenance`). */
  register: (ctx: ModuleContext<Services>) => Promise<void>;
}
