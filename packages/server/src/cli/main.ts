/**
 * The operator's command-line tool (`npm run cli -- ...`). It works against the
 * same DATABASE_URL and MASTER_KEY as the server, also while the server runs.
 * The links it prints are at PUBLIC_BASE_URL when that is set, else at the
 * public base URL the server recorded when it started (db/public-base-url.ts).
 *
 *   clients create --name NAME [--organization ORG_ID | --new-organization NAME]
 *                  [--scopes a,b | --all-scopes] [--pci-saq-d] [--json]
 *   clients list [--json]
 *   clients revoke CLIENT_ID
 *   clients pci CLIENT_ID on|off   (PCI DSS SAQ D: may send clear card data)
 *   dashboard-users create --email E --organization ORG_ID --role owner|developer|viewer [--json]
 *                  (a dashboard user and the one-time link that sets its password; see dashboard/)
 *   dashboard-users link --email E [--json]   (a new one-time link for an existing user: a forgotten password)
 *   dashboard-users list --organization ORG_ID [--json]
 *   dashboard-users role USER owner|developer|viewer [--json]   (USER: a dbu_ id or an e-mail address)
 *   dashboard-users disable|enable|remove|end-sessions USER [--json]
 *   dashboard-users invitations --organization ORG_ID [--json]
 *   dashboard-users revoke-invitation INVITATION_ID
 *                  (the Team page's actions, through the same service: a demotion, a disable or a
 *                   removal ends the member's sessions at once; the last active owner stays)
 *   keys reseal [--dry-run] [--batch-size N] [--json]
 *                  (every stored secret sealed again under MASTER_KEY; see crypto/reseal.ts)
 *   listen --forward-to URL [--events a,b] [--base-url URL] [--audience URL] [--client-id ID --client-secret S]
 *                  (a gateway's events forwarded to a local URL, signed; see cli/listen.ts.
 *                   Needs no database: it talks to the gateway over HTTP)
 *   help, --help, -h   (the usage, on stdout, exit 0; after a wrong command it goes to stderr, exit 2)
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config/config.js';
import { loadKeyring } from '../crypto/keyring.js';
import { resealAll } from '../crypto/reseal.js';
import { migrateToLatest, openDatabase, type Db } from '../db/database.js';
import { listClients, revokeClient, setPciSaqD } from '../auth/clients.store.js';
import { ClientProvisioningError, provisionClient, scopesFromList } from '../auth/clients.service.js';
import { listen, ListenUsageError } from './listen.js';
import { DashboardService, DashboardUserError, type OneTimeLink } from '../dashboard/service.js';
import { ROLES } from '../dashboard/roles.js';
import { realClock } from '../clock/clock.js';
import type { DashboardRole } from '../db/schema.js';
import { ApiError } from '../errors/api-error.js';
import { withServedBaseUrl } from '../db/public-base-url.js';

const USAGE = `usage:
  npm run cli -- clients create --name NAME [--organization ORG_ID | --new-organization NAME] [--scopes a,b | --all-scopes] [--pci-saq-d] [--json]
  npm run cli -- clients list [--json]
  npm run cli -- clients revoke CLIENT_ID
  npm run cli -- clients pci CLIENT_ID on|off
  npm run cli -- dashboard-users create --email E --organization ORG_ID --role owner|developer|viewer [--json]
  npm run cli -- dashboard-users link --email E [--json]
  npm run cli -- dashboard-users list --organization ORG_ID [--json]
  npm run cli -- dashboard-users role USER owner|developer|viewer [--json]
  npm run cli -- dashboard-users disable|enable|remove|end-sessions USER [--json]
  npm run cli -- dashboard-users invitations --organization ORG_ID [--json]
  npm run cli -- dashboard-users revoke-invitation INVITATION_ID
  npm run cli -- keys reseal [--dry-run] [--batch-size N] [--json]
  npm run cli -- listen --forward-to URL [--events a,b] [--base-url URL] [--audience URL] [--client-id ID --client-secret S] [--connect-attempts N]
  npm run cli -- help   (or --help, -h: this text)`;

class UsageError extends Error {}

/** The dashboard-users commands that print a one-time link. */
const LINK_COMMANDS = new Set(['create', 'link']);

async function createCommand(db: Db, args: string[]): Promise<string> {
  const { values } = parseArgs({
    args,
    options: {
      name: { type: 'string' },
      organization: { type: 'string' },
      'new-organization': { type: 'string' },
      scopes: { type: 'string' },
      'all-scopes': { type: 'boolean' },
      'pci-saq-d': { type: 'boolean' },
      json: { type: 'boolean' },
    },
  });
  if (!values.name) throw new UsageError('--name is required');
  if (values.organization && values['new-organization']) throw new UsageError('use --organization or --new-organization, not both');
  if (values.scopes && values['all-scopes']) throw new UsageError('use --scopes or --all-scopes, not both');
  const client = await provisionClient(
    db,
    {
      name: values.name,
      ...(values.organization ? { organizationId: values.organization } : {}),
      ...(values['new-organization'] ? { newOrganizationName: values['new-organization'] } : {}),
      ...(values.scopes ? { scopes: scopesFromList(values.scopes) } : {}),
      pciSaqD: Boolean(values['pci-saq-d']),
    },
    realClock(),
  );
  const secret = client.client_secret.reveal();
  if (values.json) {
    return JSON.stringify({
      client_id: client.client_id,
      client_secret: secret,
      organization_id: client.organization_id,
      scopes: client.scopes,
      pci_saq_d: Boolean(values['pci-saq-d']),
    });
  }
  return [
    `client_id:       ${client.client_id}`,
    `client_secret:   ${secret}`,
    `organization_id: ${client.organization_id}`,
    `scopes:          ${client.scopes.join(' ')}`,
    '',
    'The secret is shown only this once; it is stored hashed.',
  ].join('\n');
}

async function listCommand(db: Db, args: string[]): Promise<string> {
  const { values } = parseArgs({ args, options: { json: { type: 'boolean' } } });
  const clients = (await listClients(db)).map((c) => ({
    client_id: c.client_id,
    name: c.name,
    organization_id: c.organization_id,
    scopes: c.scopes.split(' '),
    pci_saq_d: Number(c.pci_saq_d) === 1,
    created_at: c.created_at,
    revoked_at: c.revoked_at,
  }));
  if (values.json) return JSON.stringify(clients);
  if (clients.length === 0) return 'no clients';
  return clients
    .map((c) => `${c.client_id}  ${c.revoked_at ? 'revoked' : 'active '}  ${c.organization_id}  ${c.name}  (${c.scopes.length} permissions)`)
    .join('\n');
}

async function revokeCommand(db: Db, args: string[]): Promise<string> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const [clientId] = positionals;
  if (!clientId || positionals.length > 1) throw new UsageError('clients revoke takes one CLIENT_ID');
  if (!(await db.transaction().execute((trx) => revokeClient(trx, clientId, realClock().realIso())))) {
    throw new ClientProvisioningError(`no active client ${clientId}`);
  }
  return `revoked ${clientId}; running servers refuse its tokens within TOKEN_REVOCATION_CACHE_MS (1 s by default)`;
}

async function pciCommand(db: Db, args: string[]): Promise<string> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const [clientId, state] = positionals;
  if (!clientId || (state !== 'on' && state !== 'off') || positionals.length > 2) throw new UsageError('clients pci takes CLIENT_ID and on or off');
  if (!(await setPciSaqD(db, clientId, state === 'on'))) throw new ClientProvisioningError(`no client ${clientId}`);
  return `${clientId}: PCI DSS SAQ D ${state} (direct tokenization ${state === 'on' ? 'allowed' : 'refused'})`;
}

function linkText(link: OneTimeLink, json: boolean, extra: Record<string, string>): string {
  if (json) return JSON.stringify({ ...extra, url: link.url, role: link.role, expires_at: link.expires_at });
  return [
    ...Object.entries(extra).map(([k, v]) => `${`${k}:`.padEnd(17)}${v}`),
    `${'role:'.padEnd(17)}${link.role}`,
    '',
    'Open this one-time link to set the password and sign in to the dashboard',
    `(it works once, until ${link.expires_at}):`,
    `  ${link.url}`,
  ].join('\n');
}

async function dashboardUserCreateCommand(db: Db, args: string[], config: Config): Promise<string> {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, organization: { type: 'string' }, role: { type: 'string' }, json: { type: 'boolean' } },
  });
  if (!values.email) throw new UsageError('--email is required');
  if (!values.organization) throw new UsageError('--organization is required (an organization id; `clients list` shows them)');
  const role = values.role ?? '';
  if (!(ROLES as readonly string[]).includes(role)) throw new UsageError('--role is owner, developer or viewer');
  const dashboard = await DashboardService.open(db, loadKeyring(config), config, realClock());
  const { user, link } = await dashboard.createUser({ email: values.email, organizationId: values.organization, role: role as DashboardRole });
  return linkText(link, Boolean(values.json), { user_id: user.id, email: user.email, organization_id: user.organization_id });
}

async function dashboardUserLinkCommand(db: Db, args: string[], config: Config): Promise<string> {
  const { values } = parseArgs({ args, options: { email: { type: 'string' }, json: { type: 'boolean' } } });
  if (!values.email) throw new UsageError('--email is required');
  const dashboard = await DashboardService.open(db, loadKeyring(config), config, realClock());
  const link = await dashboard.passwordLink(values.email);
  return linkText(link, Boolean(values.json), { email: values.email.trim().toLowerCase() });
}

async function memberListCommand(db: Db, args: string[], config: Config): Promise<string> {
  const { values } = parseArgs({ args, options: { organization: { type: 'string' }, json: { type: 'boolean' } } });
  if (!values.organization) throw new UsageError('--organization is required (an organization id; `clients list` shows them)');
  const dashboard = await DashboardService.open(db, loadKeyring(config), config, realClock());
  const members = await dashboard.team.members(values.organization);
  if (values.json) return JSON.stringify(members);
  if (members.length === 0) return 'no dashboard users';
  return members
    .map((m) => `${m.id}  ${m.role.padEnd(9)}  ${m.disabled_at ? 'disabled' : 'active  '}  ${m.email}  (last sign-in ${m.last_sign_in_at ?? 'never'})`)
    .join('\n');
}

/** The member named by the first positional (a dbu_ id or an e-mail address), and the remaining positionals. */
async function namedMember(dashboard: DashboardService, positionals: string[], command: string, extra = 0) {
  const [ref, ...rest] = positionals;
  if (!ref || rest.length !== extra)
    throw new UsageError(`dashboard-users ${command} takes USER (a dbu_ id or an e-mail address)${extra ? ' and a role' : ''}`);
  const user = await dashboard.findUser(ref);
  if (!user) throw new DashboardUserError(`no dashboard user ${ref}`);
  return { user, rest };
}

const memberJson = (u: { id: string; email: string; organization_id: string; role: string; disabled_at: string | null }) => ({
  id: u.id,
  email: u.email,
  organization_id: u.organization_id,
  role: u.role,
  disabled_at: u.disabled_at,
});

function memberCommand(command: 'role' | 'disable' | 'enable' | 'remove' | 'end-sessions') {
  return async (db: Db, args: string[], config: Config): Promise<string> => {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { json: { type: 'boolean' } } });
    const dashboard = await DashboardService.open(db, loadKeyring(config), config, realClock());
    const { user, rest } = await namedMember(dashboard, positionals, command, command === 'role' ? 1 : 0);
    const json = Boolean(values.json);
    if (command === 'end-sessions') {
      const ended = await dashboard.team.endSessionsOf(user.organization_id, user.id);
      return json ? JSON.stringify({ ...memberJson(user), sessions_ended: ended }) : `${user.email}: ${ended} session(s) ended`;
    }
    if (command === 'remove') {
      await dashboard.team.removeMember(user.organization_id, user.id);
      return json ? JSON.stringify({ ...memberJson(user), deleted: true }) : `${user.email}: removed (sessions and unused links ended)`;
    }
    let changes: { role?: DashboardRole; disabled?: boolean };
    if (command === 'role') {
      const role = rest[0]!;
      if (!(ROLES as readonly string[]).includes(role)) throw new UsageError('the role is owner, developer or viewer');
      changes = { role: role as DashboardRole };
    } else {
      changes = { disabled: command === 'disable' };
    }
    const updated = await dashboard.team.updateMember(user.organization_id, user.id, changes);
    if (json) return JSON.stringify(memberJson(updated));
    return `${updated.email}: ${updated.role}, ${updated.disabled_at ? `disabled since ${updated.disabled_at}` : 'active'}`;
  };
}

async function invitationsCommand(db: Db, args: string[], config: Config): Promise<string> {
  const { values } = parseArgs({ args, options: { organization: { type: 'string' }, json: { type: 'boolean' } } });
  if (!values.organization) throw new UsageError('--organization is required (an organization id; `clients list` shows them)');
  const dashboard = await DashboardService.open(db, loadKeyring(config), config, realClock());
  const invitations = await dashboard.team.pendingInvitations(values.organization);
  if (values.json) return JSON.stringify(invitations);
  if (invitations.length === 0) return 'no pending invitations';
  return invitations.map((i) => `${i.id}  ${i.role.padEnd(9)}  ${i.email ?? '(any address)'}  (expires ${i.expires_at})`).join('\n');
}

async function revokeInvitationCommand(db: Db, args: string[], config: Config): Promise<string> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const [id] = positionals;
  if (!id || positionals.length > 1) throw new UsageError('dashboard-users revoke-invitation takes one INVITATION_ID');
  const dashboard = await DashboardService.open(db, loadKeyring(config), config, realClock());
  const organizationId = await dashboard.team.invitationOrganization(id);
  if (!organizationId) throw new DashboardUserError(`no pending invitation ${id}`);
  await dashboard.team.revokeInvitation(organizationId, id);
  return `revoked invitation ${id}: its link no longer works`;
}

/** Seals every stored secret again under MASTER_KEY (resumable; safe while servers run). Exit 1 if a value did not open. */
async function resealCommand(db: Db, args: string[], config: Config): Promise<string> {
  const { values } = parseArgs({ args, options: { 'dry-run': { type: 'boolean' }, 'batch-size': { type: 'string' }, json: { type: 'boolean' } } });
  const batchSize = values['batch-size'] === undefined ? 200 : Number(values['batch-size']);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000) throw new UsageError('--batch-size is a whole number from 1 to 10000');
  const dryRun = Boolean(values['dry-run']);
  const counts = await resealAll(db, loadKeyring(config), { dryRun, batchSize });
  const unreadable = counts.reduce((n, c) => n + c.unreadable, 0);
  if (unreadable > 0) process.exitCode = 1;
  if (values.json) return JSON.stringify({ dry_run: dryRun, tables: counts });
  const lines = counts.map(
    (c) =>
      `${`${c.table}.${c.column}`.padEnd(36)} ${c.scanned} sealed, ${c.current} already current, ${c.resealed} ${dryRun ? 'to reseal' : 'resealed'}` +
      (c.changed_concurrently ? `, ${c.changed_concurrently} changed meanwhile (left as written)` : '') +
      (c.unreadable ? `, ${c.unreadable} UNREADABLE` : ''),
  );
  if (unreadable > 0)
    lines.push(`${unreadable} value(s) open with neither MASTER_KEY nor MASTER_KEY_PREVIOUS: keep the key that sealed them in MASTER_KEY_PREVIOUS.`);
  else if (dryRun) lines.push('dry run: nothing written');
  else if (counts.some((c) => c.changed_concurrently > 0)) lines.push('some values changed while this ran: run it again');
  else lines.push('done: run `keys reseal --dry-run` to check that nothing is left to reseal, then MASTER_KEY_PREVIOUS can go');
  return lines.join('\n');
}

/** Commands that talk to a gateway over HTTP, with no database or MASTER_KEY. */
const remoteCommands: Record<string, (args: string[]) => Promise<number>> = {
  listen: (args) => {
    const stop = new AbortController();
    process.once('SIGINT', () => stop.abort());
    process.once('SIGTERM', () => stop.abort());
    return listen(
      args,
      process.env,
      { out: (line) => process.stdout.write(`${line}\n`), err: (line) => process.stderr.write(`${line}\n`), clock: realClock() },
      stop.signal,
    );
  },
};

async function main(argv: string[]): Promise<number> {
  // Help asked for (`help`, or `--help` / `-h` after any command): the usage on stdout, to page or
  // search, and exit 0. After a wrong command the usage goes to stderr, with exit 2.
  if (argv[0] === 'help' || argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [group, command, ...rest] = argv;
  if (group && Object.hasOwn(remoteCommands, group)) return remoteCommands[group]!(argv.slice(1));
  const commands: Record<string, Record<string, (db: Db, args: string[], config: Config) => Promise<string>>> = {
    clients: { create: createCommand, list: listCommand, revoke: revokeCommand, pci: pciCommand },
    keys: { reseal: resealCommand },
    'dashboard-users': {
      create: dashboardUserCreateCommand,
      link: dashboardUserLinkCommand,
      list: memberListCommand,
      role: memberCommand('role'),
      disable: memberCommand('disable'),
      enable: memberCommand('enable'),
      remove: memberCommand('remove'),
      'end-sessions': memberCommand('end-sessions'),
      invitations: invitationsCommand,
      'revoke-invitation': revokeInvitationCommand,
    },
  };
  const run = group && command && Object.hasOwn(commands, group) && Object.hasOwn(commands[group]!, command) ? commands[group]![command] : undefined;
  if (!run) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const loaded = loadConfig();
  const database = openDatabase(loaded, { poolSize: 1 });
  try {
    await migrateToLatest(database.db, { now: () => realClock().realIso() });
    // Links (dashboard-users create, link) at the URL the server serves at, which it recorded when it started.
    const { config, source } = await withServedBaseUrl(database.db, loaded);
    process.stdout.write(`${await run(database.db, rest, config)}\n`);
    if (source === 'default' && group === 'dashboard-users' && LINK_COMMANDS.has(command!)) {
      process.stderr.write(
        `pasarela: no server has started on this database yet, so the link uses ${config.publicBaseUrl} (PUBLIC_BASE_URL's default); set PUBLIC_BASE_URL to the address the server is reached at if that is another\n`,
      );
    }
    return Number(process.exitCode ?? 0);
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const usage = error instanceof UsageError || error instanceof ListenUsageError;
    const known = usage || error instanceof ConfigError || error instanceof ClientProvisioningError || error instanceof DashboardUserError;
    // A refusal of the service (the last owner, an unknown member): its message and details, exit 1.
    const details = error instanceof ApiError && error.details.length > 0 ? ` (${error.details.map((d) => `${d.field}: ${d.message}`).join('; ')})` : '';
    const message = (error instanceof Error ? error.message : String(error)) + details;
    process.stderr.write(`pasarela: ${message}${usage ? `\n${USAGE}` : ''}\n`);
    process.exit(known || (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? 2 : 1);
  },
);
